import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import { jsonColumn } from '#models/ai_json'

export type GeneratedModule = { title: string; lessons: { title: string; summary: string }[] }

export default class GeneratedCourse extends compose(BaseModel, withId, withTimestamps) {
  static table = 'generated_courses'

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
}
