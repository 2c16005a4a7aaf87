/* eslint-disable prettier/prettier */
import type { routes } from './index.ts'

export interface ApiDefinition {
  site: {
    robotsTxt: typeof routes['site.robots_txt']
    llmsTxt: typeof routes['site.llms_txt']
    sitemapIndex: typeof routes['site.sitemap_index']
    sitemapStatic: typeof routes['site.sitemap_static']
    sitemapChunk: typeof routes['site.sitemap_chunk']
    cronSitemap: typeof routes['site.cron_sitemap']
    adsTxt: typeof routes['site.ads_txt']
  }
  api: {
    sitemap: {
      counts: typeof routes['api.sitemap.counts']
      xmlIndex: typeof routes['api.sitemap.xml_index']
      xmlStatic: typeof routes['api.sitemap.xml_static']
      xmlChunk: typeof routes['api.sitemap.xml_chunk']
      jsonChunk: typeof routes['api.sitemap.json_chunk']
      regenerate: typeof routes['api.sitemap.regenerate']
    }
    admin: {
      sitemap: {
        regenerate: typeof routes['api.admin.sitemap.regenerate']
      }
    }
    featureFlags: {
      status: typeof routes['api.feature_flags.status']
      index: typeof routes['api.feature_flags.index']
      store: typeof routes['api.feature_flags.store']
      cacheRefresh: typeof routes['api.feature_flags.cache_refresh']
      toggle: typeof routes['api.feature_flags.toggle']
      history: typeof routes['api.feature_flags.history']
      destroy: typeof routes['api.feature_flags.destroy']
    }
    subscriptions: {
      checkout: typeof routes['api.subscriptions.checkout']
      portal: typeof routes['api.subscriptions.portal']
      show: typeof routes['api.subscriptions.show']
      paymentMethod: typeof routes['api.subscriptions.payment_method']
      invoices: typeof routes['api.subscriptions.invoices']
      autoRenew: typeof routes['api.subscriptions.auto_renew']
      previewProration: typeof routes['api.subscriptions.preview_proration']
      changePlan: typeof routes['api.subscriptions.change_plan']
      pause: typeof routes['api.subscriptions.pause']
      resume: typeof routes['api.subscriptions.resume']
    }
    billing: {
      documents: {
        purchase: typeof routes['api.billing.documents.purchase']
      }
      my: {
        purchases: typeof routes['api.billing.my.purchases']
      }
      webhook: typeof routes['api.billing.webhook']
    }
    notes: {
      index: typeof routes['api.notes.index']
      store: typeof routes['api.notes.store']
      canvas: typeof routes['api.notes.canvas'] & {
        export: typeof routes['api.notes.canvas.export']
        import: typeof routes['api.notes.canvas.import']
      }
      calendar: {
        rotate: typeof routes['api.notes.calendar.rotate']
      }
      show: typeof routes['api.notes.show']
      update: typeof routes['api.notes.update']
      destroy: typeof routes['api.notes.destroy']
      references: {
        store: typeof routes['api.notes.references.store']
        update: typeof routes['api.notes.references.update']
        destroy: typeof routes['api.notes.references.destroy']
      }
    }
    my: {
      documents: {
        update: typeof routes['api.my.documents.update']
        index: typeof routes['api.my.documents.index']
        file: typeof routes['api.my.documents.file']
        destroy: typeof routes['api.my.documents.destroy']
      }
      courses: {
        show: typeof routes['api.my.courses.show']
        update: typeof routes['api.my.courses.update']
        destroy: typeof routes['api.my.courses.destroy']
        documents: {
          add: typeof routes['api.my.courses.documents.add']
          remove: typeof routes['api.my.courses.documents.remove']
        }
        index: typeof routes['api.my.courses.index']
        store: typeof routes['api.my.courses.store']
      }
    }
    study: {
      library: {
        index: typeof routes['api.study.library.index']
        destroy: typeof routes['api.study.library.destroy']
      }
      review: {
        next: typeof routes['api.study.review.next']
        rate: typeof routes['api.study.review.rate']
      }
      stats: typeof routes['api.study.stats']
      cards: {
        store: typeof routes['api.study.cards.store']
      }
      sets: {
        exam: typeof routes['api.study.sets.exam']
      }
    }
    auth: {
      csrf: typeof routes['api.auth.csrf']
      signup: typeof routes['api.auth.signup']
      login: typeof routes['api.auth.login']
      logout: typeof routes['api.auth.logout']
      verifyEmail: typeof routes['api.auth.verify_email']
      forgotPassword: typeof routes['api.auth.forgot_password']
      resetPassword: typeof routes['api.auth.reset_password']
      me: typeof routes['api.auth.me']
      resendVerification: typeof routes['api.auth.resend_verification']
      email: {
        update: typeof routes['api.auth.email.update']
      }
      password: {
        update: typeof routes['api.auth.password.update']
      }
      profile: {
        update: typeof routes['api.auth.profile.update']
      }
      logoutEverywhere: typeof routes['api.auth.logout_everywhere']
    }
    institutions: {
      index: typeof routes['api.institutions.index']
      show: typeof routes['api.institutions.show']
      courses: typeof routes['api.institutions.courses']
    }
    courses: {
      index: typeof routes['api.courses.index']
      show: typeof routes['api.courses.show']
    }
    documents: {
      index: typeof routes['api.documents.index']
      show: typeof routes['api.documents.show']
      upload: typeof routes['api.documents.upload']
      uploadProgress: typeof routes['api.documents.uploadProgress']
    }
    search: {
      suggest: typeof routes['api.search.suggest']
    }
    ai: {
      summaries: {
        byDocument: typeof routes['api.ai.summaries.byDocument']
      }
      flashcards: {
        byDocument: typeof routes['api.ai.flashcards.byDocument']
        show: typeof routes['api.ai.flashcards.show']
        export: typeof routes['api.ai.flashcards.export']
      }
      studyGuides: {
        byDocument: typeof routes['api.ai.studyGuides.byDocument']
        show: typeof routes['api.ai.studyGuides.show']
      }
      trivia: {
        show: typeof routes['api.ai.trivia.show']
        submit: typeof routes['api.ai.trivia.submit']
      }
      tools: {
        run: typeof routes['api.ai.tools.run']
      }
      generatedCourses: {
        store: typeof routes['api.ai.generatedCourses.store']
        index: typeof routes['api.ai.generatedCourses.index']
        show: typeof routes['api.ai.generatedCourses.show']
      }
      passages: {
        show: typeof routes['api.ai.passages.show']
      }
    }
    health: typeof routes['api.health'] & {
      live: typeof routes['api.health.live']
      ready: typeof routes['api.health.ready']
    }
  }
  pages: {
    admin: {
      seo: typeof routes['pages.admin.seo']
      flags: typeof routes['pages.admin.flags']
    }
    pricing: typeof routes['pages.pricing']
    settings: {
      billing: typeof routes['pages.settings.billing']
    }
    workspace: {
      dashboard: typeof routes['pages.workspace.dashboard']
      myDocuments: typeof routes['pages.workspace.my_documents']
      myCourses: typeof routes['pages.workspace.my_courses']
      onboarding: typeof routes['pages.workspace.onboarding']
    }
    unauthorized: typeof routes['pages.unauthorized']
    warning: typeof routes['pages.warning']
    study: {
      index: typeof routes['pages.study.index']
      item: typeof routes['pages.study.item']
      review: typeof routes['pages.study.review']
    }
    auth: {
      login: typeof routes['pages.auth.login']
      signup: typeof routes['pages.auth.signup']
      forgotPassword: typeof routes['pages.auth.forgot_password']
      resetPassword: typeof routes['pages.auth.reset_password']
      verifyEmail: typeof routes['pages.auth.verify_email']
      settings: typeof routes['pages.auth.settings']
      google: {
        redirect: typeof routes['pages.auth.google.redirect']
        callback: typeof routes['pages.auth.google.callback']
      }
    }
    home: typeof routes['pages.home']
    institutions: {
      index: typeof routes['pages.institutions.index']
      show: typeof routes['pages.institutions.show']
      courses: typeof routes['pages.institutions.courses']
    }
    courses: {
      index: typeof routes['pages.courses.index']
      show: typeof routes['pages.courses.show']
    }
    documents: {
      index: typeof routes['pages.documents.index']
      show: typeof routes['pages.documents.show']
    }
    ai: {
      hub: typeof routes['pages.ai.hub']
      tool: typeof routes['pages.ai.tool']
      courses: typeof routes['pages.ai.courses']
    }
    notFound: typeof routes['pages.not_found']
  }
  notes: {
    index: typeof routes['notes.index']
    create: typeof routes['notes.create']
    canvas: typeof routes['notes.canvas']
    show: typeof routes['notes.show']
    calendar: typeof routes['notes.calendar']
  }
}
