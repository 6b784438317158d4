/** A table of figures: a row header, then one right-aligned cell per column. */
export function FigureTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly { label: string; cells: readonly string[] }[] }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`py-1 pr-3 font-medium ${i > 0 ? 'text-right' : ''}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-sand-200">
              <th scope="row" className="py-1 pr-3 font-normal text-ink">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={`${columns[i + 1] ?? i}`} className="py-1 pr-3 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
