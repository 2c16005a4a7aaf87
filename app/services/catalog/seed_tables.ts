import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { COURSE_FIELDS, DOCUMENT_FIELDS, INSTITUTION_FIELDS } from '#services/catalog/catalog_rows'

/*
| The tables catalog:seed fills (catalog_seed_service.ts): the columns of its INSERTs, in the
| order of the rows it builds, and the reads of the ids around a load.
*/

export const INSTITUTION_SEED_COLUMNS = [...INSTITUTION_FIELDS, 'created_at', 'updated_at']

export const COURSE_SEED_COLUMNS = [...COURSE_FIELDS, 'created_at', 'updated_at']

export const DOCUMENT_SEED_COLUMNS = [
  ...DOCUMENT_FIELDS,
  'page_count',
  'price',
  'currency',
  'ingest_status',
  'created_at',
  'updated_at',
]

export const CHUNK_SEED_COLUMNS = ['document_id', 'chunk_index', 'content', 'created_at']

export async function maxId(trx: TransactionClientContract, table: string): Promise<number> {
  const row = await trx.from(table).max('id as max').first()
  return Number(row?.max ?? 0) || 0
}

export async function idsAfter(
  trx: TransactionClientContract,
  table: string,
  after: number,
  limit?: number
): Promise<number[]> {
  const query = trx.from(table).where('id', '>', after).orderBy('id', 'asc').select('id')
  if (limit !== undefined) query.limit(limit)
  return (await query).map((row: any) => Number(row.id))
}
