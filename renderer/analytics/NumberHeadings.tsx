/** Column headings of numbers, right-aligned like their cells. */
export function NumberHeadings({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col" className="numeric">
          {name}
        </th>
      ))}
    </>
  );
}
