import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { Field, TextArea } from '~/components/field'
import { ApiList } from '~/components/catalog/api_list'
import { AccessBadge } from '~/components/catalog/catalog_ui'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { useApi } from '~/lib/use_api'

import type { SerializedCourse, SerializedOwnDocument } from '#shared/api/catalog'
import { urlFor } from '~/client'

type Course = SerializedCourse
type OwnDocument = Pick<SerializedOwnDocument, 'id' | 'slug' | 'title' | 'access_level'>
type CourseDetail = Course & { documents: OwnDocument[] }
type Props = { courses: { data: SerializedCourse[] }; documents: { data: SerializedOwnDocument[] } }

function CourseEditor({
  course,
  documents,
  onChanged,
  onDeleted,
}: {
  course: Course
  documents: OwnDocument[]
  onChanged: () => void
  onDeleted: () => void
}) {
  const toast = useToast()
  const detail = useApi<CourseDetail>(urlFor('api.my.courses.show', { id: course.id }))
  const [title, setTitle] = useState(course.title)
  const [description, setDescription] = useState(course.description || '')
  const [saving, setSaving] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [adding, setAdding] = useState('')

  async function save() {
    setSaving(true)
    try {
      await api(urlFor('api.my.courses.update', { id: course.id }), {
        method: 'PATCH',
        body: { title, description: description || null },
      })
      toast('success', 'Course saved.')
      onChanged()
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  async function destroy() {
    try {
      await api(urlFor('api.my.courses.destroy', { id: course.id }), { method: 'DELETE' })
      toast('success', 'Course deleted.')
      onDeleted()
    } catch (error) {
      toast('error', errorMessage(error))
    }
  }

  async function addDocument() {
    if (!adding) return
    try {
      await api(urlFor('api.my.courses.documents.add', { id: course.id, documentId: adding }), { method: 'POST' })
      setAdding('')
      detail.reload()
      onChanged()
    } catch (error) {
      toast('error', errorMessage(error))
    }
  }

  async function removeDocument(documentId: string) {
    try {
      await api(urlFor('api.my.courses.documents.remove', { id: course.id, documentId }), { method: 'DELETE' })
      detail.reload()
      onChanged()
    } catch (error) {
      toast('error', errorMessage(error))
    }
  }

  const inCourse = new Set((detail.data?.documents || []).map((d) => d.id))
  return (
    <div className="mt-3 space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4" data-testid="course-editor">
      <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      <TextArea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
      <div className="flex gap-2">
        <Button onClick={save} loading={saving} disabled={!title.trim()}>
          Save
        </Button>
        {confirmDelete ? (
          <>
            <Button variant="danger" onClick={destroy}>
              Confirm delete
            </Button>
            <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
            Delete course
          </Button>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold">Documents</h3>
        <ApiList state={detail} items={detail.data?.documents} emptyTitle="No documents in this course yet">
          {(inCourseDocuments) => (
            <ul className="mt-2 divide-y divide-slate-200 text-sm">
              {inCourseDocuments.map((doc) => (
                <li key={doc.id} className="flex items-center justify-between py-2">
                  <a href={urlFor('pages.documents.show', { slug: doc.slug })} className="hover:text-indigo-700">
                    {doc.title}
                  </a>
                  <span className="flex items-center gap-3">
                    <AccessBadge level={doc.access_level} />
                    <Button variant="ghost" onClick={() => removeDocument(doc.id)}>
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ApiList>
        <div className="mt-3 flex items-end gap-2">
          <label className="text-sm">
            <span className="block text-slate-700">Add one of your documents</span>
            <select
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1.5"
            >
              <option value="">Choose…</option>
              {documents
                .filter((d) => !inCourse.has(d.id))
                .map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.title}
                  </option>
                ))}
            </select>
          </label>
          <Button variant="secondary" onClick={addDocument} disabled={!adding}>
            Add
          </Button>
        </div>
      </div>
    </div>
  )
}

export default function MyCourses(props: Props) {
  const toast = useToast()
  const courses = useApi(urlFor('api.my.courses.index', {}, { qs: { limit: 100 } }), props.courses)
  const documents = useApi(urlFor('api.my.documents.index', {}, { qs: { limit: 100 } }), props.documents)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [creating, setCreating] = useState(false)
  const [open, setOpen] = useState<string | null>(null)

  async function create(event: React.FormEvent) {
    event.preventDefault()
    if (!title.trim()) return
    setCreating(true)
    try {
      await api(urlFor('api.my.courses.store'), {
        method: 'POST',
        body: { title: title.trim(), description: description.trim() || undefined },
      })
      setTitle('')
      setDescription('')
      courses.reload()
      toast('success', 'Course created.')
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setCreating(false)
    }
  }

  return (
    <AppLayout>
      <Seo title="My courses" description="The courses you study and follow on StudyHub." robots="noindex, nofollow" />
      <h1 className="text-2xl font-bold">My courses</h1>
      <form
        onSubmit={create}
        className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[1fr_2fr_auto] md:items-end"
      >
        <Field
          label="Course title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          required
        />
        <Field
          label="Description (optional)"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Button type="submit" loading={creating} disabled={!title.trim()}>
          Create course
        </Button>
      </form>
      <div className="mt-6">
        <ApiList
          state={courses}
          emptyTitle="No courses yet"
          empty="Group your documents into a course to study them together."
        >
          {(items) => (
            <ul className="space-y-3">
              {items.map((course) => (
                <li key={course.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="my-course">
                  <div className="flex items-center justify-between">
                    <div>
                      <p className="font-semibold">{course.title}</p>
                      <p className="text-sm text-slate-500">
                        {course.description || 'No description'} · {course.document_count} documents
                      </p>
                    </div>
                    <Button variant="secondary" onClick={() => setOpen(open === course.id ? null : course.id)}>
                      {open === course.id ? 'Close' : 'Manage'}
                    </Button>
                  </div>
                  {open === course.id ? (
                    <CourseEditor
                      course={course}
                      documents={documents.data?.data || []}
                      onChanged={courses.reload}
                      onDeleted={() => {
                        setOpen(null)
                        courses.reload()
                      }}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ApiList>
      </div>
    </AppLayout>
  )
}
