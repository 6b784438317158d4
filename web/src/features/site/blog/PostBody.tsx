import type { Block } from '../../../content/blog/types';

/** Renders the structured body of a post (no HTML strings). */
export function PostBody({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="prose-nido text-ink">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'h2':
            return <h2 key={i}>{block.text}</h2>;
          case 'h3':
            return <h3 key={i}>{block.text}</h3>;
          case 'p':
            return <p key={i}>{block.text}</p>;
          case 'ul':
            return (
              <ul key={i}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'ol':
            return (
              <ol key={i}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            );
          case 'note':
            return (
              <aside key={i} className="mt-6 rounded-2xl border-l-4 border-brand-500 bg-brand-50 p-4 text-ink">
                {block.text}
              </aside>
            );
        }
      })}
    </div>
  );
}
