import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'site.robots_txt': { paramsTuple?: []; params?: {} }
    'site.llms_txt': { paramsTuple?: []; params?: {} }
    'site.sitemap_index': { paramsTuple?: []; params?: {} }
    'site.sitemap_static': { paramsTuple?: []; params?: {} }
    'site.sitemap_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'site.cron_sitemap': { paramsTuple?: []; params?: {} }
    'api.sitemap.counts': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_index': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_static': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'api.sitemap.json_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'api.sitemap.regenerate': { paramsTuple?: []; params?: {} }
    'api.admin.sitemap.regenerate': { paramsTuple?: []; params?: {} }
    'pages.admin.seo': { paramsTuple?: []; params?: {} }
    'api.feature_flags.status': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'site.ads_txt': { paramsTuple?: []; params?: {} }
    'api.feature_flags.index': { paramsTuple?: []; params?: {} }
    'api.feature_flags.store': { paramsTuple?: []; params?: {} }
    'api.feature_flags.cache_refresh': { paramsTuple?: []; params?: {} }
    'api.feature_flags.toggle': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'api.feature_flags.history': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'api.feature_flags.destroy': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'pages.admin.flags': { paramsTuple?: []; params?: {} }
    'api.subscriptions.checkout': { paramsTuple?: []; params?: {} }
    'api.subscriptions.portal': { paramsTuple?: []; params?: {} }
    'api.subscriptions.show': { paramsTuple?: []; params?: {} }
    'api.subscriptions.payment_method': { paramsTuple?: []; params?: {} }
    'api.subscriptions.invoices': { paramsTuple?: []; params?: {} }
    'api.subscriptions.auto_renew': { paramsTuple?: []; params?: {} }
    'api.subscriptions.preview_proration': { paramsTuple?: []; params?: {} }
    'api.subscriptions.change_plan': { paramsTuple?: []; params?: {} }
    'api.subscriptions.pause': { paramsTuple?: []; params?: {} }
    'api.subscriptions.resume': { paramsTuple?: []; params?: {} }
    'api.billing.documents.purchase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.billing.my.purchases': { paramsTuple?: []; params?: {} }
    'api.billing.webhook': { paramsTuple?: []; params?: {} }
    'pages.pricing': { paramsTuple?: []; params?: {} }
    'pages.settings.billing': { paramsTuple?: []; params?: {} }
    'api.notes.index': { paramsTuple?: []; params?: {} }
    'api.notes.store': { paramsTuple?: []; params?: {} }
    'api.notes.canvas.export': { paramsTuple?: []; params?: {} }
    'api.notes.canvas.import': { paramsTuple?: []; params?: {} }
    'api.notes.calendar.rotate': { paramsTuple?: []; params?: {} }
    'api.notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.canvas': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.references.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.references.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'referenceId': ParamValue} }
    'api.notes.references.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'referenceId': ParamValue} }
    'notes.index': { paramsTuple?: []; params?: {} }
    'notes.create': { paramsTuple?: []; params?: {} }
    'notes.canvas': { paramsTuple?: []; params?: {} }
    'notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notes.calendar': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'api.my.documents.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.documents.add': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'documentId': ParamValue} }
    'api.my.courses.documents.remove': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'documentId': ParamValue} }
    'pages.workspace.dashboard': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_documents': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_courses': { paramsTuple?: []; params?: {} }
    'pages.workspace.onboarding': { paramsTuple?: []; params?: {} }
    'pages.unauthorized': { paramsTuple?: []; params?: {} }
    'pages.warning': { paramsTuple?: []; params?: {} }
    'api.study.library.index': { paramsTuple?: []; params?: {} }
    'api.study.library.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'pages.study.index': { paramsTuple?: []; params?: {} }
    'pages.study.item': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'api.study.review.next': { paramsTuple?: []; params?: {} }
    'api.study.review.rate': { paramsTuple: [ParamValue]; params: {'cardId': ParamValue} }
    'api.study.stats': { paramsTuple?: []; params?: {} }
    'api.study.cards.store': { paramsTuple?: []; params?: {} }
    'api.study.sets.exam': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'pages.study.review': { paramsTuple?: []; params?: {} }
    'api.auth.csrf': { paramsTuple?: []; params?: {} }
    'api.auth.signup': { paramsTuple?: []; params?: {} }
    'api.auth.login': { paramsTuple?: []; params?: {} }
    'api.auth.logout': { paramsTuple?: []; params?: {} }
    'api.auth.verify_email': { paramsTuple?: []; params?: {} }
    'api.auth.forgot_password': { paramsTuple?: []; params?: {} }
    'api.auth.reset_password': { paramsTuple?: []; params?: {} }
    'api.auth.me': { paramsTuple?: []; params?: {} }
    'api.auth.resend_verification': { paramsTuple?: []; params?: {} }
    'api.auth.email.update': { paramsTuple?: []; params?: {} }
    'api.auth.password.update': { paramsTuple?: []; params?: {} }
    'api.auth.profile.update': { paramsTuple?: []; params?: {} }
    'api.auth.logout_everywhere': { paramsTuple?: []; params?: {} }
    'pages.auth.login': { paramsTuple?: []; params?: {} }
    'pages.auth.signup': { paramsTuple?: []; params?: {} }
    'pages.auth.forgot_password': { paramsTuple?: []; params?: {} }
    'pages.auth.reset_password': { paramsTuple?: []; params?: {} }
    'pages.auth.verify_email': { paramsTuple?: []; params?: {} }
    'pages.auth.settings': { paramsTuple?: []; params?: {} }
    'pages.auth.google.redirect': { paramsTuple?: []; params?: {} }
    'pages.auth.google.callback': { paramsTuple?: []; params?: {} }
    'api.institutions.index': { paramsTuple?: []; params?: {} }
    'api.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.courses.index': { paramsTuple?: []; params?: {} }
    'api.documents.index': { paramsTuple?: []; params?: {} }
    'api.search.suggest': { paramsTuple?: []; params?: {} }
    'api.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.my.documents.index': { paramsTuple?: []; params?: {} }
    'api.my.documents.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.documents.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.index': { paramsTuple?: []; params?: {} }
    'api.my.courses.store': { paramsTuple?: []; params?: {} }
    'pages.home': { paramsTuple?: []; params?: {} }
    'pages.institutions.index': { paramsTuple?: []; params?: {} }
    'pages.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.courses.index': { paramsTuple?: []; params?: {} }
    'pages.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.documents.index': { paramsTuple?: []; params?: {} }
    'pages.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.ai.summaries.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.show': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.studyGuides.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.studyGuides.show': { paramsTuple: [ParamValue]; params: {'guideId': ParamValue} }
    'api.ai.trivia.show': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'api.ai.trivia.submit': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'api.ai.tools.run': { paramsTuple: [ParamValue]; params: {'toolId': ParamValue} }
    'api.ai.generatedCourses.store': { paramsTuple?: []; params?: {} }
    'api.ai.flashcards.export': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.passages.show': { paramsTuple: [ParamValue,ParamValue]; params: {'documentId': ParamValue,'chunkIndex': ParamValue} }
    'api.ai.generatedCourses.index': { paramsTuple?: []; params?: {} }
    'api.ai.generatedCourses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.documents.upload': { paramsTuple?: []; params?: {} }
    'api.documents.uploadProgress': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'pages.ai.hub': { paramsTuple?: []; params?: {} }
    'pages.ai.tool': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.ai.courses': { paramsTuple?: []; params?: {} }
    'api.health': { paramsTuple?: []; params?: {} }
    'api.health.live': { paramsTuple?: []; params?: {} }
    'api.health.ready': { paramsTuple?: []; params?: {} }
    'pages.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  GET: {
    'site.robots_txt': { paramsTuple?: []; params?: {} }
    'site.llms_txt': { paramsTuple?: []; params?: {} }
    'site.sitemap_index': { paramsTuple?: []; params?: {} }
    'site.sitemap_static': { paramsTuple?: []; params?: {} }
    'site.sitemap_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'site.cron_sitemap': { paramsTuple?: []; params?: {} }
    'api.sitemap.counts': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_index': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_static': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'api.sitemap.json_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'pages.admin.seo': { paramsTuple?: []; params?: {} }
    'api.feature_flags.status': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'site.ads_txt': { paramsTuple?: []; params?: {} }
    'api.feature_flags.index': { paramsTuple?: []; params?: {} }
    'api.feature_flags.history': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'pages.admin.flags': { paramsTuple?: []; params?: {} }
    'api.subscriptions.show': { paramsTuple?: []; params?: {} }
    'api.subscriptions.payment_method': { paramsTuple?: []; params?: {} }
    'api.subscriptions.invoices': { paramsTuple?: []; params?: {} }
    'api.billing.my.purchases': { paramsTuple?: []; params?: {} }
    'pages.pricing': { paramsTuple?: []; params?: {} }
    'pages.settings.billing': { paramsTuple?: []; params?: {} }
    'api.notes.index': { paramsTuple?: []; params?: {} }
    'api.notes.canvas.export': { paramsTuple?: []; params?: {} }
    'api.notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notes.index': { paramsTuple?: []; params?: {} }
    'notes.create': { paramsTuple?: []; params?: {} }
    'notes.canvas': { paramsTuple?: []; params?: {} }
    'notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notes.calendar': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'api.my.courses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'pages.workspace.dashboard': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_documents': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_courses': { paramsTuple?: []; params?: {} }
    'pages.workspace.onboarding': { paramsTuple?: []; params?: {} }
    'pages.unauthorized': { paramsTuple?: []; params?: {} }
    'pages.warning': { paramsTuple?: []; params?: {} }
    'api.study.library.index': { paramsTuple?: []; params?: {} }
    'pages.study.index': { paramsTuple?: []; params?: {} }
    'pages.study.item': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'api.study.review.next': { paramsTuple?: []; params?: {} }
    'api.study.stats': { paramsTuple?: []; params?: {} }
    'pages.study.review': { paramsTuple?: []; params?: {} }
    'api.auth.csrf': { paramsTuple?: []; params?: {} }
    'api.auth.me': { paramsTuple?: []; params?: {} }
    'pages.auth.login': { paramsTuple?: []; params?: {} }
    'pages.auth.signup': { paramsTuple?: []; params?: {} }
    'pages.auth.forgot_password': { paramsTuple?: []; params?: {} }
    'pages.auth.reset_password': { paramsTuple?: []; params?: {} }
    'pages.auth.verify_email': { paramsTuple?: []; params?: {} }
    'pages.auth.settings': { paramsTuple?: []; params?: {} }
    'pages.auth.google.redirect': { paramsTuple?: []; params?: {} }
    'pages.auth.google.callback': { paramsTuple?: []; params?: {} }
    'api.institutions.index': { paramsTuple?: []; params?: {} }
    'api.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.courses.index': { paramsTuple?: []; params?: {} }
    'api.documents.index': { paramsTuple?: []; params?: {} }
    'api.search.suggest': { paramsTuple?: []; params?: {} }
    'api.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.my.documents.index': { paramsTuple?: []; params?: {} }
    'api.my.documents.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.index': { paramsTuple?: []; params?: {} }
    'pages.home': { paramsTuple?: []; params?: {} }
    'pages.institutions.index': { paramsTuple?: []; params?: {} }
    'pages.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.courses.index': { paramsTuple?: []; params?: {} }
    'pages.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.documents.index': { paramsTuple?: []; params?: {} }
    'pages.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.ai.summaries.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.show': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.studyGuides.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.studyGuides.show': { paramsTuple: [ParamValue]; params: {'guideId': ParamValue} }
    'api.ai.trivia.show': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'api.ai.flashcards.export': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.passages.show': { paramsTuple: [ParamValue,ParamValue]; params: {'documentId': ParamValue,'chunkIndex': ParamValue} }
    'api.ai.generatedCourses.index': { paramsTuple?: []; params?: {} }
    'api.ai.generatedCourses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.documents.uploadProgress': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'pages.ai.hub': { paramsTuple?: []; params?: {} }
    'pages.ai.tool': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.ai.courses': { paramsTuple?: []; params?: {} }
    'api.health': { paramsTuple?: []; params?: {} }
    'api.health.live': { paramsTuple?: []; params?: {} }
    'api.health.ready': { paramsTuple?: []; params?: {} }
    'pages.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  HEAD: {
    'site.robots_txt': { paramsTuple?: []; params?: {} }
    'site.llms_txt': { paramsTuple?: []; params?: {} }
    'site.sitemap_index': { paramsTuple?: []; params?: {} }
    'site.sitemap_static': { paramsTuple?: []; params?: {} }
    'site.sitemap_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'site.cron_sitemap': { paramsTuple?: []; params?: {} }
    'api.sitemap.counts': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_index': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_static': { paramsTuple?: []; params?: {} }
    'api.sitemap.xml_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'api.sitemap.json_chunk': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'chunk': ParamValue} }
    'pages.admin.seo': { paramsTuple?: []; params?: {} }
    'api.feature_flags.status': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'site.ads_txt': { paramsTuple?: []; params?: {} }
    'api.feature_flags.index': { paramsTuple?: []; params?: {} }
    'api.feature_flags.history': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'pages.admin.flags': { paramsTuple?: []; params?: {} }
    'api.subscriptions.show': { paramsTuple?: []; params?: {} }
    'api.subscriptions.payment_method': { paramsTuple?: []; params?: {} }
    'api.subscriptions.invoices': { paramsTuple?: []; params?: {} }
    'api.billing.my.purchases': { paramsTuple?: []; params?: {} }
    'pages.pricing': { paramsTuple?: []; params?: {} }
    'pages.settings.billing': { paramsTuple?: []; params?: {} }
    'api.notes.index': { paramsTuple?: []; params?: {} }
    'api.notes.canvas.export': { paramsTuple?: []; params?: {} }
    'api.notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notes.index': { paramsTuple?: []; params?: {} }
    'notes.create': { paramsTuple?: []; params?: {} }
    'notes.canvas': { paramsTuple?: []; params?: {} }
    'notes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notes.calendar': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'api.my.courses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'pages.workspace.dashboard': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_documents': { paramsTuple?: []; params?: {} }
    'pages.workspace.my_courses': { paramsTuple?: []; params?: {} }
    'pages.workspace.onboarding': { paramsTuple?: []; params?: {} }
    'pages.unauthorized': { paramsTuple?: []; params?: {} }
    'pages.warning': { paramsTuple?: []; params?: {} }
    'api.study.library.index': { paramsTuple?: []; params?: {} }
    'pages.study.index': { paramsTuple?: []; params?: {} }
    'pages.study.item': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'api.study.review.next': { paramsTuple?: []; params?: {} }
    'api.study.stats': { paramsTuple?: []; params?: {} }
    'pages.study.review': { paramsTuple?: []; params?: {} }
    'api.auth.csrf': { paramsTuple?: []; params?: {} }
    'api.auth.me': { paramsTuple?: []; params?: {} }
    'pages.auth.login': { paramsTuple?: []; params?: {} }
    'pages.auth.signup': { paramsTuple?: []; params?: {} }
    'pages.auth.forgot_password': { paramsTuple?: []; params?: {} }
    'pages.auth.reset_password': { paramsTuple?: []; params?: {} }
    'pages.auth.verify_email': { paramsTuple?: []; params?: {} }
    'pages.auth.settings': { paramsTuple?: []; params?: {} }
    'pages.auth.google.redirect': { paramsTuple?: []; params?: {} }
    'pages.auth.google.callback': { paramsTuple?: []; params?: {} }
    'api.institutions.index': { paramsTuple?: []; params?: {} }
    'api.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.courses.index': { paramsTuple?: []; params?: {} }
    'api.documents.index': { paramsTuple?: []; params?: {} }
    'api.search.suggest': { paramsTuple?: []; params?: {} }
    'api.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.my.documents.index': { paramsTuple?: []; params?: {} }
    'api.my.documents.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.index': { paramsTuple?: []; params?: {} }
    'pages.home': { paramsTuple?: []; params?: {} }
    'pages.institutions.index': { paramsTuple?: []; params?: {} }
    'pages.institutions.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.institutions.courses': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.courses.index': { paramsTuple?: []; params?: {} }
    'pages.courses.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.documents.index': { paramsTuple?: []; params?: {} }
    'pages.documents.show': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'api.ai.summaries.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.flashcards.show': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.studyGuides.byDocument': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'api.ai.studyGuides.show': { paramsTuple: [ParamValue]; params: {'guideId': ParamValue} }
    'api.ai.trivia.show': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'api.ai.flashcards.export': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
    'api.ai.passages.show': { paramsTuple: [ParamValue,ParamValue]; params: {'documentId': ParamValue,'chunkIndex': ParamValue} }
    'api.ai.generatedCourses.index': { paramsTuple?: []; params?: {} }
    'api.ai.generatedCourses.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.documents.uploadProgress': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'pages.ai.hub': { paramsTuple?: []; params?: {} }
    'pages.ai.tool': { paramsTuple: [ParamValue]; params: {'slug': ParamValue} }
    'pages.ai.courses': { paramsTuple?: []; params?: {} }
    'api.health': { paramsTuple?: []; params?: {} }
    'api.health.live': { paramsTuple?: []; params?: {} }
    'api.health.ready': { paramsTuple?: []; params?: {} }
    'pages.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  POST: {
    'api.sitemap.regenerate': { paramsTuple?: []; params?: {} }
    'api.admin.sitemap.regenerate': { paramsTuple?: []; params?: {} }
    'api.feature_flags.store': { paramsTuple?: []; params?: {} }
    'api.feature_flags.cache_refresh': { paramsTuple?: []; params?: {} }
    'api.subscriptions.checkout': { paramsTuple?: []; params?: {} }
    'api.subscriptions.portal': { paramsTuple?: []; params?: {} }
    'api.subscriptions.preview_proration': { paramsTuple?: []; params?: {} }
    'api.subscriptions.change_plan': { paramsTuple?: []; params?: {} }
    'api.subscriptions.pause': { paramsTuple?: []; params?: {} }
    'api.subscriptions.resume': { paramsTuple?: []; params?: {} }
    'api.billing.documents.purchase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.billing.webhook': { paramsTuple?: []; params?: {} }
    'api.notes.store': { paramsTuple?: []; params?: {} }
    'api.notes.canvas.import': { paramsTuple?: []; params?: {} }
    'api.notes.calendar.rotate': { paramsTuple?: []; params?: {} }
    'api.notes.references.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.documents.add': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'documentId': ParamValue} }
    'api.study.review.rate': { paramsTuple: [ParamValue]; params: {'cardId': ParamValue} }
    'api.study.cards.store': { paramsTuple?: []; params?: {} }
    'api.auth.signup': { paramsTuple?: []; params?: {} }
    'api.auth.login': { paramsTuple?: []; params?: {} }
    'api.auth.logout': { paramsTuple?: []; params?: {} }
    'api.auth.verify_email': { paramsTuple?: []; params?: {} }
    'api.auth.forgot_password': { paramsTuple?: []; params?: {} }
    'api.auth.reset_password': { paramsTuple?: []; params?: {} }
    'api.auth.resend_verification': { paramsTuple?: []; params?: {} }
    'api.auth.logout_everywhere': { paramsTuple?: []; params?: {} }
    'api.my.courses.store': { paramsTuple?: []; params?: {} }
    'api.ai.trivia.submit': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'api.ai.tools.run': { paramsTuple: [ParamValue]; params: {'toolId': ParamValue} }
    'api.ai.generatedCourses.store': { paramsTuple?: []; params?: {} }
    'api.documents.upload': { paramsTuple?: []; params?: {} }
  }
  PATCH: {
    'api.feature_flags.toggle': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'api.subscriptions.auto_renew': { paramsTuple?: []; params?: {} }
    'api.notes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.canvas': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.references.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'referenceId': ParamValue} }
    'api.my.documents.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.auth.email.update': { paramsTuple?: []; params?: {} }
    'api.auth.password.update': { paramsTuple?: []; params?: {} }
    'api.auth.profile.update': { paramsTuple?: []; params?: {} }
  }
  DELETE: {
    'api.feature_flags.destroy': { paramsTuple: [ParamValue]; params: {'name': ParamValue} }
    'api.notes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notes.references.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'referenceId': ParamValue} }
    'api.my.courses.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.my.courses.documents.remove': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'documentId': ParamValue} }
    'api.study.library.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'api.my.documents.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  PUT: {
    'api.study.sets.exam': { paramsTuple: [ParamValue]; params: {'setId': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}