import type { ReactNode } from 'react'

/** A table's column headers, one `<th scope="col">` each, in one row. */
export function HeaderRow({ columns, cellClassName }: { columns: ReactNode[]; cellClassName?: string }) {
  return (
    <tr>
      {columns.map((column, index) => (
        <th key={index} scope="col" className={cellClassName}>
          {column}
        </th>
      ))}
    </tr>
  )
}
