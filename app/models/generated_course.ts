import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#models/ai_json'

export type GeneratedModule = { title: string; lessons: { title: string; summary: string }[] }

export default class GeneratedCourse extends BaseModel {
  static table = 'generated_courses'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare topic: string

  @column()
  declare level: 'beginner' | 'intermediate' | 'advanced'

  @column()
  declare title: string

  @column()
  declare description: string

  @column(jsonColumn<GeneratedModule[]>([]))
  declare modules: GeneratedModule[]

  @column(jsonColumn<string[]>([]))
  declare documentIds: string[]

  @column()
  declare provider: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
