import { useState, type FormEvent } from 'react'
import type { SerializedFeatureFlag } from '#shared/api/flags'
import { Button } from '~/components/button'
import { Field, SelectField, TextArea } from '~/components/field'
import { api, ApiRequestError, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'

const ENVIRONMENTS = ['development', 'staging', 'production', 'test'] as const
const NAME_PATTERN = /^enable_[A-Za-z0-9_.:-]+$/

/** Client-side twin of the server rule (docs/rules/flags.md#evaluation: name required, enable_ prefix). */
function validateFlagName(name: string): string | null {
  const value = name.trim()
  if (!value) return 'Name is required'
  if (!value.startsWith('enable_') || value.length <= 'enable_'.length) return 'Name must start with enable_'
  if (!NAME_PATTERN.test(value)) return 'Use only letters, digits, _ . : - after enable_'
  return null
}

/** The Create Flag form of /admin/flags (docs/rules/flags.md#admin). */
export function CreateFlagForm({ onCreated }: { onCreated: (flag: SerializedFeatureFlag) => void }) {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [environment, setEnvironment] = useState('')
  const [enabled, setEnabled] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const nameError = validateFlagName(name)
    setFormError(null)
    if (nameError) {
      setErrors({ name: nameError })
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const flag = await api<SerializedFeatureFlag>(urlFor('api.feature_flags.store'), {
        method: 'POST',
        body: {
          name: name.trim(),
          description: description.trim() || null,
          is_enabled: enabled,
          environment: environment || null,
        },
      })
      onCreated(flag)
      setName('')
      setDescription('')
      setEnvironment('')
      setEnabled(false)
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') {
        setErrors({ name: 'A flag with this name already exists' })
      } else if (error instanceof ApiRequestError && error.body.errors?.length) {
        const next: Record<string, string> = {}
        for (const e of error.body.errors) next[e.field] ||= e.message
        setErrors(next)
      } else {
        setFormError(errorMessage(error))
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section
      aria-labelledby="create-flag-heading"
      className="mt-10 max-w-xl rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="create-flag-heading" className="text-lg font-semibold">
        Create Flag
      </h2>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate data-testid="create-flag-form">
        <Field
          label="Name"
          name="name"
          id="flag-name"
          required
          placeholder="enable_something"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          hint="Must start with enable_"
          autoComplete="off"
        />
        <TextArea
          label="Description (optional)"
          name="description"
          id="flag-description"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <SelectField
          label="Environment"
          id="flag-environment"
          name="environment"
          value={environment}
          onChange={(e) => setEnvironment(e.target.value)}
          error={errors.environment}
        >
          <option value="">All environments</option>
          {ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {env}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="is_enabled"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Enabled
        </label>
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <Button type="submit" loading={submitting} data-testid="create-flag-submit">
          Create flag
        </Button>
      </form>
    </section>
  )
}
