import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotesCalendarService } from '#services/notes/notes_calendar_service'
import { ApiError } from '#exceptions/api_error'

/** GET /notes/calendar/:token.ics — the private deadline feed (lean route, no session). */
@inject()
export default class NotesCalendarController {
  constructor(private calendar: NotesCalendarService) {}

  async show({ params, response }: HttpContext) {
    const raw = String(params.token || '')
    const token = raw.endsWith('.ics') ? raw.slice(0, -4) : raw
    const body = await this.calendar.feed(token)
    if (body === null) throw ApiError.notFound()
    response.header('Content-Type', 'text/calendar; charset=utf-8')
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Robots-Tag', 'noindex')
    return body
  }
}
