/* eslint-disable prettier/prettier */
/// <reference path="../manifest.d.ts" />

import type { ExtractBody, ExtractErrorResponse, ExtractQuery, ExtractQueryForGet, ExtractResponse } from '@tuyau/core/types'
import type { InferInput, SimpleError } from '@vinejs/vine/types'

export type ParamValue = string | number | bigint | boolean

export interface Registry {
  'site.robots_txt': {
    methods: ["GET","HEAD"]
    pattern: '/robots.txt'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/crawler_texts_controller').default['robots']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/crawler_texts_controller').default['robots']>>>
    }
  }
  'site.llms_txt': {
    methods: ["GET","HEAD"]
    pattern: '/llms.txt'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/crawler_texts_controller').default['llms']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/crawler_texts_controller').default['llms']>>>
    }
  }
  'site.sitemap_index': {
    methods: ["GET","HEAD"]
    pattern: '/sitemap.xml'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['index']>>>
    }
  }
  'site.sitemap_static': {
    methods: ["GET","HEAD"]
    pattern: '/sitemaps/static'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['static']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['static']>>>
    }
  }
  'site.sitemap_chunk': {
    methods: ["GET","HEAD"]
    pattern: '/sitemaps/:kind/:chunk'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; chunk: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['chunk']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['chunk']>>>
    }
  }
  'site.cron_sitemap': {
    methods: ["GET","HEAD"]
    pattern: '/api/cron/sitemap'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_cron_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_cron_controller').default['handle']>>>
    }
  }
  'api.sitemap.counts': {
    methods: ["GET","HEAD"]
    pattern: '/api/sitemap/counts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['counts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['counts']>>>
    }
  }
  'api.sitemap.xml_index': {
    methods: ["GET","HEAD"]
    pattern: '/api/sitemap/xml/index'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['index']>>>
    }
  }
  'api.sitemap.xml_static': {
    methods: ["GET","HEAD"]
    pattern: '/api/sitemap/xml/static'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['static']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['static']>>>
    }
  }
  'api.sitemap.xml_chunk': {
    methods: ["GET","HEAD"]
    pattern: '/api/sitemap/xml/:kind/:chunk'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; chunk: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['chunk']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/sitemap_proxy_controller').default['chunk']>>>
    }
  }
  'api.sitemap.json_chunk': {
    methods: ["GET","HEAD"]
    pattern: '/api/sitemap/:kind/:chunk'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; chunk: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['jsonChunk']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['jsonChunk']>>>
    }
  }
  'api.sitemap.regenerate': {
    methods: ["POST"]
    pattern: '/api/sitemap/regenerate'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['regenerate']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['regenerate']>>>
    }
  }
  'api.admin.sitemap.regenerate': {
    methods: ["POST"]
    pattern: '/api/admin/sitemap/regenerate'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['adminRegenerate']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/sitemap_controller').default['adminRegenerate']>>>
    }
  }
  'pages.admin.seo': {
    methods: ["GET","HEAD"]
    pattern: '/admin/seo'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/admin_seo_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/admin_seo_controller').default['show']>>>
    }
  }
  'api.feature_flags.status': {
    methods: ["GET","HEAD"]
    pattern: '/api/feature-flags/status/:name'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { name: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['status']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['status']>>>
    }
  }
  'site.ads_txt': {
    methods: ["GET","HEAD"]
    pattern: '/ads.txt'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/ads_txt_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/ads_txt_controller').default['show']>>>
    }
  }
  'api.feature_flags.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/feature-flags'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['index']>>>
    }
  }
  'api.feature_flags.store': {
    methods: ["POST"]
    pattern: '/api/feature-flags'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/flags').createFlagValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/flags').createFlagValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.feature_flags.cache_refresh': {
    methods: ["POST"]
    pattern: '/api/feature-flags/cache/refresh'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['refresh']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['refresh']>>>
    }
  }
  'api.feature_flags.toggle': {
    methods: ["PATCH"]
    pattern: '/api/feature-flags/:name/toggle'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { name: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['toggle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['toggle']>>>
    }
  }
  'api.feature_flags.history': {
    methods: ["GET","HEAD"]
    pattern: '/api/feature-flags/:name/history'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { name: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['history']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['history']>>>
    }
  }
  'api.feature_flags.destroy': {
    methods: ["DELETE"]
    pattern: '/api/feature-flags/:name'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { name: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feature_flags_controller').default['destroy']>>>
    }
  }
  'pages.admin.flags': {
    methods: ["GET","HEAD"]
    pattern: '/admin/flags'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/admin_flags_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/admin_flags_controller').default['show']>>>
    }
  }
  'api.subscriptions.checkout': {
    methods: ["POST"]
    pattern: '/api/subscriptions/checkout-session'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/billing').checkoutValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/billing').checkoutValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['checkout']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['checkout']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.subscriptions.portal': {
    methods: ["POST"]
    pattern: '/api/subscriptions/billing-portal-session'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['portal']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['portal']>>>
    }
  }
  'api.subscriptions.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/subscriptions/my-subscription'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['show']>>>
    }
  }
  'api.subscriptions.payment_method': {
    methods: ["GET","HEAD"]
    pattern: '/api/subscriptions/payment-method'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['paymentMethod']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['paymentMethod']>>>
    }
  }
  'api.subscriptions.invoices': {
    methods: ["GET","HEAD"]
    pattern: '/api/subscriptions/invoices'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/billing').invoicesQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['invoices']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['invoices']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.subscriptions.auto_renew': {
    methods: ["PATCH"]
    pattern: '/api/subscriptions/auto-renew'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/billing').autoRenewValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/billing').autoRenewValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['autoRenew']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['autoRenew']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.subscriptions.preview_proration': {
    methods: ["POST"]
    pattern: '/api/subscriptions/preview-proration'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/billing').previewProrationValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/billing').previewProrationValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['previewProration']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['previewProration']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.subscriptions.change_plan': {
    methods: ["POST"]
    pattern: '/api/subscriptions/change-plan'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/billing').changePlanValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/billing').changePlanValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['changePlan']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['changePlan']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.subscriptions.pause': {
    methods: ["POST"]
    pattern: '/api/subscriptions/pause'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['pause']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['pause']>>>
    }
  }
  'api.subscriptions.resume': {
    methods: ["POST"]
    pattern: '/api/subscriptions/resume'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['resume']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/subscriptions_controller').default['resume']>>>
    }
  }
  'api.billing.documents.purchase': {
    methods: ["POST"]
    pattern: '/api/documents/:id/purchase'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/document_purchases_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/document_purchases_controller').default['store']>>>
    }
  }
  'api.billing.my.purchases': {
    methods: ["GET","HEAD"]
    pattern: '/api/my/purchases'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/document_purchases_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/document_purchases_controller').default['index']>>>
    }
  }
  'api.billing.webhook': {
    methods: ["POST"]
    pattern: '/api/billing/payment/webhook'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/billing_webhook_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/billing_webhook_controller').default['handle']>>>
    }
  }
  'pages.pricing': {
    methods: ["GET","HEAD"]
    pattern: '/pricing'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/billing_pages_controller').default['pricing']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/billing_pages_controller').default['pricing']>>>
    }
  }
  'pages.settings.billing': {
    methods: ["GET","HEAD"]
    pattern: '/settings/billing'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/billing_pages_controller').default['settings']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/billing_pages_controller').default['settings']>>>
    }
  }
  'api.notes.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/notes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/notes').listNotesValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.store': {
    methods: ["POST"]
    pattern: '/api/notes'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').createNoteValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').createNoteValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.canvas.export': {
    methods: ["GET","HEAD"]
    pattern: '/api/notes/canvas/export'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['exportCanvas']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['exportCanvas']>>>
    }
  }
  'api.notes.canvas.import': {
    methods: ["POST"]
    pattern: '/api/notes/canvas/import'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').canvasImportValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').canvasImportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['importCanvas']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['importCanvas']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.calendar.rotate': {
    methods: ["POST"]
    pattern: '/api/notes/calendar/rotate'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['rotateCalendar']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['rotateCalendar']>>>
    }
  }
  'api.notes.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/notes/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['show']>>>
    }
  }
  'api.notes.update': {
    methods: ["PATCH"]
    pattern: '/api/notes/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').updateNoteValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').updateNoteValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.destroy': {
    methods: ["DELETE"]
    pattern: '/api/notes/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['destroy']>>>
    }
  }
  'api.notes.canvas': {
    methods: ["PATCH"]
    pattern: '/api/notes/:id/canvas'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').canvasValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').canvasValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['canvas']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/notes_controller').default['canvas']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.references.store': {
    methods: ["POST"]
    pattern: '/api/notes/:id/references'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').createReferenceValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').createReferenceValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.references.update': {
    methods: ["PATCH"]
    pattern: '/api/notes/:id/references/:referenceId'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notes').updateReferenceValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; referenceId: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notes').updateReferenceValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.notes.references.destroy': {
    methods: ["DELETE"]
    pattern: '/api/notes/:id/references/:referenceId'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; referenceId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/note_references_controller').default['destroy']>>>
    }
  }
  'notes.index': {
    methods: ["GET","HEAD"]
    pattern: '/notes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/notes').listNotesValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'notes.create': {
    methods: ["GET","HEAD"]
    pattern: '/notes/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['create']>>>
    }
  }
  'notes.canvas': {
    methods: ["GET","HEAD"]
    pattern: '/notes/canvas'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['canvas']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['canvas']>>>
    }
  }
  'notes.show': {
    methods: ["GET","HEAD"]
    pattern: '/notes/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/notes_controller').default['show']>>>
    }
  }
  'notes.calendar': {
    methods: ["GET","HEAD"]
    pattern: '/notes/calendar/:token'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { token: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/site/notes_calendar_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/site/notes_calendar_controller').default['show']>>>
    }
  }
  'api.my.documents.update': {
    methods: ["PATCH"]
    pattern: '/api/my/documents/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/workspace').updateMyDocumentValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/workspace').updateMyDocumentValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['updateDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['updateDocument']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.my.courses.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/my/courses/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['showCourse']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['showCourse']>>>
    }
  }
  'api.my.courses.update': {
    methods: ["PATCH"]
    pattern: '/api/my/courses/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/workspace').updateMyCourseValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/workspace').updateMyCourseValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['updateCourse']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['updateCourse']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.my.courses.destroy': {
    methods: ["DELETE"]
    pattern: '/api/my/courses/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['destroyCourse']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['destroyCourse']>>>
    }
  }
  'api.my.courses.documents.add': {
    methods: ["POST"]
    pattern: '/api/my/courses/:id/documents/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['addDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['addDocument']>>>
    }
  }
  'api.my.courses.documents.remove': {
    methods: ["DELETE"]
    pattern: '/api/my/courses/:id/documents/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['removeDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/workspace_controller').default['removeDocument']>>>
    }
  }
  'pages.workspace.dashboard': {
    methods: ["GET","HEAD"]
    pattern: '/dashboard'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['dashboard']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['dashboard']>>>
    }
  }
  'pages.workspace.my_documents': {
    methods: ["GET","HEAD"]
    pattern: '/my-documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['myDocuments']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['myDocuments']>>>
    }
  }
  'pages.workspace.my_courses': {
    methods: ["GET","HEAD"]
    pattern: '/my-courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['myCourses']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['myCourses']>>>
    }
  }
  'pages.workspace.onboarding': {
    methods: ["GET","HEAD"]
    pattern: '/onboarding'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['onboarding']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['onboarding']>>>
    }
  }
  'pages.unauthorized': {
    methods: ["GET","HEAD"]
    pattern: '/unauthorized'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['unauthorized']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['unauthorized']>>>
    }
  }
  'pages.warning': {
    methods: ["GET","HEAD"]
    pattern: '/warning'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['warning']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/workspace_pages_controller').default['warning']>>>
    }
  }
  'api.study.library.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/study/library'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/study_library').libraryQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.study.library.destroy': {
    methods: ["DELETE"]
    pattern: '/api/study/library/:kind/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/study_library').libraryItemValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/study_library').libraryItemValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['destroy']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pages.study.index': {
    methods: ["GET","HEAD"]
    pattern: '/study'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/study_library').libraryQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['page']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['page']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pages.study.item': {
    methods: ["GET","HEAD"]
    pattern: '/study/:kind/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; id: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/study_library').libraryItemValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['item']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/study_library_controller').default['item']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.study.review.next': {
    methods: ["GET","HEAD"]
    pattern: '/api/study/review/next'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['next']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['next']>>>
    }
  }
  'api.study.review.rate': {
    methods: ["POST"]
    pattern: '/api/study/review/:cardId'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/study').reviewRatingValidator)>>
      paramsTuple: [ParamValue]
      params: { cardId: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/study').reviewRatingValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['rate']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['rate']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.study.stats': {
    methods: ["GET","HEAD"]
    pattern: '/api/study/stats'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['stats']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['stats']>>>
    }
  }
  'api.study.cards.store': {
    methods: ["POST"]
    pattern: '/api/study/cards'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/study').triviaCardValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/study').triviaCardValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['addCard']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['addCard']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.study.sets.exam': {
    methods: ["PUT"]
    pattern: '/api/study/sets/:setId/exam'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/study').setExamValidator)>>
      paramsTuple: [ParamValue]
      params: { setId: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/study').setExamValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['markExam']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/study_review_controller').default['markExam']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pages.study.review': {
    methods: ["GET","HEAD"]
    pattern: '/study/review'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/study_review_pages_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/study_review_pages_controller').default['show']>>>
    }
  }
  'api.auth.csrf': {
    methods: ["GET","HEAD"]
    pattern: '/api/auth/csrf'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['csrf']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['csrf']>>>
    }
  }
  'api.auth.signup': {
    methods: ["POST"]
    pattern: '/api/auth/signup'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').signupValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').signupValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['signup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['signup']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.login': {
    methods: ["POST"]
    pattern: '/api/auth/login'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').loginValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').loginValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['login']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['login']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.logout': {
    methods: ["POST"]
    pattern: '/api/auth/logout'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['logout']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['logout']>>>
    }
  }
  'api.auth.verify_email': {
    methods: ["POST"]
    pattern: '/api/auth/verify-email'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').tokenValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').tokenValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['verifyEmail']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['verifyEmail']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.forgot_password': {
    methods: ["POST"]
    pattern: '/api/auth/forgot-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').forgotPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').forgotPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['forgotPassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['forgotPassword']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.reset_password': {
    methods: ["POST"]
    pattern: '/api/auth/reset-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').resetPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').resetPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['resetPassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['resetPassword']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.me': {
    methods: ["GET","HEAD"]
    pattern: '/api/auth/me'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['me']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['me']>>>
    }
  }
  'api.auth.resend_verification': {
    methods: ["POST"]
    pattern: '/api/auth/resend-verification'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['resendVerification']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['resendVerification']>>>
    }
  }
  'api.auth.email.update': {
    methods: ["PATCH"]
    pattern: '/api/auth/email'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').changeEmailValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').changeEmailValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updateEmail']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updateEmail']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.password.update': {
    methods: ["PATCH"]
    pattern: '/api/auth/password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').changePasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').changePasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updatePassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updatePassword']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.profile.update': {
    methods: ["PATCH"]
    pattern: '/api/auth/profile'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/accounts').profileValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/accounts').profileValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updateProfile']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['updateProfile']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.auth.logout_everywhere': {
    methods: ["POST"]
    pattern: '/api/auth/logout-everywhere'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['logoutEverywhere']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/auth_controller').default['logoutEverywhere']>>>
    }
  }
  'pages.auth.login': {
    methods: ["GET","HEAD"]
    pattern: '/login'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['login']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['login']>>>
    }
  }
  'pages.auth.signup': {
    methods: ["GET","HEAD"]
    pattern: '/signup'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['signup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['signup']>>>
    }
  }
  'pages.auth.forgot_password': {
    methods: ["GET","HEAD"]
    pattern: '/forgot-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['forgotPassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['forgotPassword']>>>
    }
  }
  'pages.auth.reset_password': {
    methods: ["GET","HEAD"]
    pattern: '/reset-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['resetPassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['resetPassword']>>>
    }
  }
  'pages.auth.verify_email': {
    methods: ["GET","HEAD"]
    pattern: '/verify-email'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['verifyEmail']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['verifyEmail']>>>
    }
  }
  'pages.auth.settings': {
    methods: ["GET","HEAD"]
    pattern: '/settings'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['settings']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/auth_pages_controller').default['settings']>>>
    }
  }
  'pages.auth.google.redirect': {
    methods: ["GET","HEAD"]
    pattern: '/auth/google/redirect'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/google_auth_controller').default['redirect']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/google_auth_controller').default['redirect']>>>
    }
  }
  'pages.auth.google.callback': {
    methods: ["GET","HEAD"]
    pattern: '/auth/google/callback'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/google_auth_controller').default['callback']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/google_auth_controller').default['callback']>>>
    }
  }
  'api.institutions.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/institutions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').listValidators)['institutions']>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.institutions.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/institutions/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['show']>>>
    }
  }
  'api.institutions.courses': {
    methods: ["GET","HEAD"]
    pattern: '/api/institutions/:slug/courses'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').listValidators)['courses']>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['courses']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/institutions_controller').default['courses']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.courses.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').listValidators)['courses']>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/courses_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/courses_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.documents.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').listValidators)['documents']>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/documents_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/documents_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.search.suggest': {
    methods: ["GET","HEAD"]
    pattern: '/api/search/suggest'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').suggestValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/search_controller').default['suggest']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/search_controller').default['suggest']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.courses.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/courses/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/courses_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/courses_controller').default['show']>>>
    }
  }
  'api.documents.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/documents/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/documents_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/documents_controller').default['show']>>>
    }
  }
  'api.my.documents.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/my/documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').myListValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.my.documents.file': {
    methods: ["GET","HEAD"]
    pattern: '/api/my/documents/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['file']>>>
    }
  }
  'api.my.documents.destroy': {
    methods: ["DELETE"]
    pattern: '/api/my/documents/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/my_documents_controller').default['destroy']>>>
    }
  }
  'api.my.courses.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/my/courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/catalog').myListValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/my_courses_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/my_courses_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.my.courses.store': {
    methods: ["POST"]
    pattern: '/api/my/courses'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/catalog').createMyCourseValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/catalog').createMyCourseValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/my_courses_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/my_courses_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pages.home': {
    methods: ["GET","HEAD"]
    pattern: '/'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_home_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_home_controller').default['show']>>>
    }
  }
  'pages.institutions.index': {
    methods: ["GET","HEAD"]
    pattern: '/institutions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['index']>>>
    }
  }
  'pages.institutions.show': {
    methods: ["GET","HEAD"]
    pattern: '/institutions/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['show']>>>
    }
  }
  'pages.institutions.courses': {
    methods: ["GET","HEAD"]
    pattern: '/institutions/:slug/courses'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['courses']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_institutions_controller').default['courses']>>>
    }
  }
  'pages.courses.index': {
    methods: ["GET","HEAD"]
    pattern: '/courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_courses_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_courses_controller').default['index']>>>
    }
  }
  'pages.courses.show': {
    methods: ["GET","HEAD"]
    pattern: '/courses/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_courses_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_courses_controller').default['show']>>>
    }
  }
  'pages.documents.index': {
    methods: ["GET","HEAD"]
    pattern: '/documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_documents_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_documents_controller').default['index']>>>
    }
  }
  'pages.documents.show': {
    methods: ["GET","HEAD"]
    pattern: '/documents/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/catalog_documents_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/catalog_documents_controller').default['show']>>>
    }
  }
  'api.ai.summaries.byDocument': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/summary/document/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['summariesOfDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['summariesOfDocument']>>>
    }
  }
  'api.ai.flashcards.byDocument': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/flashcards/document/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['flashcardSetsOfDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['flashcardSetsOfDocument']>>>
    }
  }
  'api.ai.flashcards.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/flashcards/sets/:setId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { setId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['flashcardSet']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['flashcardSet']>>>
    }
  }
  'api.ai.studyGuides.byDocument': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/study-guide/document/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['studyGuidesOfDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['studyGuidesOfDocument']>>>
    }
  }
  'api.ai.studyGuides.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/study-guide/sets/:guideId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { guideId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['studyGuide']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['studyGuide']>>>
    }
  }
  'api.ai.trivia.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/trivia-game/:sessionId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { sessionId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['triviaSession']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['triviaSession']>>>
    }
  }
  'api.ai.trivia.submit': {
    methods: ["POST"]
    pattern: '/api/ai/tools/trivia-game/:sessionId/submit'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/ai').triviaSubmitValidator)>>
      paramsTuple: [ParamValue]
      params: { sessionId: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/ai').triviaSubmitValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['submitTrivia']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['submitTrivia']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.ai.tools.run': {
    methods: ["POST"]
    pattern: '/api/ai/tools/:toolId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { toolId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['run']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['run']>>>
    }
  }
  'api.ai.generatedCourses.store': {
    methods: ["POST"]
    pattern: '/api/generated-courses'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/ai').generatedCourseValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/ai').generatedCourseValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.ai.flashcards.export': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/tools/flashcards/sets/:setId/export'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { setId: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/ai').exportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['exportFlashcardSet']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['exportFlashcardSet']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.ai.passages.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/ai/passages/:documentId/:chunkIndex'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { documentId: ParamValue; chunkIndex: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['passage']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/ai_tools_controller').default['passage']>>>
    }
  }
  'api.ai.generatedCourses.index': {
    methods: ["GET","HEAD"]
    pattern: '/api/generated-courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['index']>>>
    }
  }
  'api.ai.generatedCourses.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/generated-courses/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/generated_courses_controller').default['show']>>>
    }
  }
  'api.documents.upload': {
    methods: ["POST"]
    pattern: '/api/documents/upload'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/ai').uploadFieldsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/ai').uploadFieldsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/document_uploads_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/document_uploads_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.documents.uploadProgress': {
    methods: ["GET","HEAD"]
    pattern: '/api/documents/upload/progress/:token'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { token: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/ai').uploadProgressValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/document_uploads_controller').default['progress']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/document_uploads_controller').default['progress']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pages.ai.hub': {
    methods: ["GET","HEAD"]
    pattern: '/ai'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['hub']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['hub']>>>
    }
  }
  'pages.ai.tool': {
    methods: ["GET","HEAD"]
    pattern: '/ai/:slug'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { slug: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['tool']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['tool']>>>
    }
  }
  'pages.ai.courses': {
    methods: ["GET","HEAD"]
    pattern: '/ai-courses'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['courses']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pages/ai_pages_controller').default['courses']>>>
    }
  }
  'api.health': {
    methods: ["GET","HEAD"]
    pattern: '/api/health'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: unknown
      errorResponse: unknown
    }
  }
  'api.health.live': {
    methods: ["GET","HEAD"]
    pattern: '/api/health/live'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/health_controller').default['live']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/health_controller').default['live']>>>
    }
  }
  'api.health.ready': {
    methods: ["GET","HEAD"]
    pattern: '/api/health/ready'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/health_controller').default['ready']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/health_controller').default['ready']>>>
    }
  }
  'pages.not_found': {
    methods: ["GET","HEAD"]
    pattern: '/*'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { '*': ParamValue[] }
      query: {}
      response: unknown
      errorResponse: unknown
    }
  }
}
