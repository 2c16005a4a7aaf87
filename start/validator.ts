/*
| Preloaded first, before any validator is created: VineJS validators capture the messages
| provider when they are built. An array item is named by its list ("document_ids[3]"), never
| by a bare index ("The 3 field must be defined").
*/
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

class ContractMessagesProvider extends SimpleMessagesProvider {
  getMessage(rawMessage: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    if (!field.isArrayMember) return super.getMessage(rawMessage, rule, field, args)
    const list = String(field.getFieldPath()).split('.').slice(0, -1).pop() || 'list'
    const named = Object.create(field, { name: { value: `${list}[${field.name}]` } }) as FieldContext
    return super.getMessage(rawMessage, rule, named, args)
  }
}

vine.messagesProvider = new ContractMessagesProvider({
  // app/validators/text.ts: a title of only zero-width or blank characters is empty.
  'title.regex': 'The title must contain visible characters',
})
