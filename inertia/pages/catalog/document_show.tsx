import { useState } from 'react'
import { AppLayout } from '~/layouts/app_layout'
import { DetailHeader, InstitutionLink } from '~/components/catalog/detail_header'
import { AdSlot } from '~/components/ad_slot'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { api, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { AccessBadge, Breadcrumbs, CatalogSeo } from '~/components/catalog/catalog_ui'
import type { CatalogDocument, Course, DocumentAccess, PageMeta } from '~/components/catalog/types'
import { DocumentText } from '~/components/catalog/document_text'
import { VisibilityControl } from '~/components/visibility_control'
import { OriginalFileActions } from '~/components/original_file'
import { pagesLabel } from '#shared/text'
import type { OriginalFile } from '#shared/api/catalog'
import { urlFor } from '~/client'
import { PassageNotice, PassageText } from '~/components/study/passage_text'
import { LibraryEntryRow } from '~/components/study/library_entries'
import type { LibraryEntryJson, PassageFocusJson } from '#shared/api/study'
import { SlugLink } from '~/components/slug_link'

type Props = {
  seo: PageMeta
  document: CatalogDocument
  course: Course | null
  access: DocumentAccess
  text: string | null
  preview: string | null
  isOwner: boolean
  original?: OriginalFile | null
  /** `?passage=N`: where the cited passage is for this reader (docs/rules/catalog.md#lists). */
  passage?: PassageFocusJson | null
  /** What the signed-in reader made from this document (their study library). */
  generated?: LibraryEntryJson[] | null
}

/** The call to action under a preview or a locked document (docs/rules/documents.md#access-states). */
function AccessCallToAction({ document, signedIn }: { document: CatalogDocument; signedIn: boolean }) {
  const [buying, setBuying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const signInUrl = urlFor(
    'pages.auth.login',
    {},
    { qs: { next: urlFor('pages.documents.show', { slug: document.slug }) } }
  )

  async function buy() {
    setBuying(true)
    setError(null)
    try {
      const result = await api<{ url: string }>(urlFor('api.billing.documents.purchase', { id: document.id }), {
        method: 'POST',
      })
      window.location.href = result.url
    } catch (err) {
      setError(errorMessage(err))
      setBuying(false)
    }
  }

  if (document.access_level === 'locked') {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-6" data-testid="document-locked">
        <h2 className="font-semibold">This document is locked</h2>
        <p className="mt-1 text-sm text-slate-600">Only its owner can read the text. The details above stay public.</p>
      </div>
    )
  }

  return (
    <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-6" data-testid="document-cta">
      <h2 className="font-semibold text-indigo-900">
        {document.access_level === 'paid'
          ? 'Buy this document or upgrade to read it in full'
          : 'Upgrade to read the full document'}
      </h2>
      <p className="mt-1 text-sm text-indigo-900/80">
        {document.access_level === 'paid'
          ? 'You are reading a preview. Buy it once, or get every paid and premium document with Pro or Plus.'
          : 'You are reading a preview. Premium documents are included in the Pro and Plus plans.'}
      </p>
      {error ? (
        <div className="mt-3">
          <Banner tone="error">{error}</Banner>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {!signedIn ? (
          <a
            href={signInUrl}
            className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
            data-testid="cta-sign-in"
          >
            Sign in
          </a>
        ) : null}
        {document.access_level === 'paid' && signedIn ? (
          <Button onClick={buy} loading={buying} data-testid="cta-buy">
            Buy this document
          </Button>
        ) : null}
        <a
          href={urlFor('pages.pricing')}
          className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-300 hover:bg-indigo-100"
          data-testid="cta-upgrade"
        >
          See Pro and Plus plans
        </a>
      </div>
    </div>
  )
}

export default function DocumentShow({
  seo,
  document: initial,
  course,
  access,
  text,
  preview,
  isOwner,
  original,
  passage = null,
  generated = null,
}: Props) {
  const { auth } = useShared()
  const [document, setDocument] = useState(initial)
  return (
    <AppLayout>
      <CatalogSeo seo={seo} />
      <Breadcrumbs trail={seo.breadcrumbs} />
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <article>
          <DetailHeader
            kicker={
              <div className="mb-2 flex items-center gap-2">
                <AccessBadge level={document.access_level} />
                {document.visibility === 'private' ? <span className="text-xs text-slate-500">Private</span> : null}
                {isOwner ? <span className="text-xs text-slate-500">You own this document</span> : null}
              </div>
            }
            title={document.title}
            subtitle={
              course ? (
                <>
                  <SlugLink route="pages.courses.show" slug={course.slug} className="hover:text-indigo-700">
                    {course.title}
                  </SlugLink>
                  {course.institution ? (
                    <>
                      {' · '}
                      <InstitutionLink institution={course.institution} />
                    </>
                  ) : null}
                </>
              ) : null
            }
            type="document"
            entity={document}
          />
          <p className="mt-4 text-slate-700">{seo.description}</p>
          <p className="mt-2 text-xs text-slate-500">
            {document.page_count > 0 ? `${pagesLabel(document.page_count)} · ` : ''}Updated{' '}
            {document.updated_at.slice(0, 10)}
          </p>
          {isOwner ? (
            <section
              aria-label="Your document"
              className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
              data-testid="owner-panel"
            >
              <VisibilityControl
                document={document}
                onChanged={(visibility) => setDocument((d) => ({ ...d, visibility }))}
              />
              {original ? <OriginalFileActions documentId={document.id} file={original} /> : null}
            </section>
          ) : null}
          {document.topic_tags.length ? (
            <ul className="mt-3 flex flex-wrap gap-1" aria-label="Topics">
              {document.topic_tags.map((tag) => (
                <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}

          {generated && generated.length ? (
            <section aria-labelledby="generated-heading" className="mt-6" data-testid="document-generated">
              <h2 id="generated-heading" className="text-lg font-semibold">
                What you made from it
              </h2>
              <ul className="mt-2 space-y-2">
                {generated.map((entry) => (
                  <LibraryEntryRow key={`${entry.kind}:${entry.id}`} entry={entry} />
                ))}
              </ul>
              <a href={urlFor('pages.study.index')} className="mt-2 inline-block text-sm text-indigo-700 underline">
                Your whole study library
              </a>
            </section>
          ) : null}

          <section className="mt-8" aria-label="Document text">
            {passage ? <PassageNotice passage={passage} /> : null}
            {access.can_read_full && text !== null ? (
              <div data-testid="document-text" data-access="full">
                {text && passage?.state === 'shown' ? (
                  <PassageText text={text} passage={passage} />
                ) : text ? (
                  <DocumentText text={text} />
                ) : (
                  <p className="text-slate-500">This document has no extracted text yet.</p>
                )}
              </div>
            ) : (
              <>
                {preview ? (
                  <div
                    data-testid="document-preview"
                    data-access="preview"
                    className={`relative ${passage?.state === 'preview' ? 'rounded-md border-l-4 border-amber-400 bg-amber-50 px-3 pt-3' : ''}`}
                    id={passage?.state === 'preview' ? `passage-${passage.chunk_index}` : undefined}
                  >
                    <DocumentText text={preview} />
                    <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white" />
                  </div>
                ) : null}
                <AccessCallToAction document={document} signedIn={Boolean(auth.user)} />
              </>
            )}
          </section>
        </article>
        <aside>
          <AdSlot placement="document_detail" />
        </aside>
      </div>
    </AppLayout>
  )
}
