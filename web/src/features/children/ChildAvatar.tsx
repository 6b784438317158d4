import type { Child } from './api';

/** The child's photo, or their initial on a colour. */
export function ChildAvatar({ child, size = 'md', full = false }: { child: Child; size?: 'md' | 'lg'; full?: boolean }) {
  const box = size === 'lg' ? 'h-24 w-24 text-3xl' : 'h-14 w-14 text-xl';
  const src = full ? (child.foto ?? child.fotoMiniatura) : (child.fotoMiniatura ?? child.foto);
  if (src) return <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white`} />;
  const colour = child.genero === 'masculino' ? 'bg-brand-500' : 'bg-brand-700';
  return (
    <span aria-hidden="true" className={`${box} ${colour} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}>
      {child.nombre.charAt(0).toUpperCase()}
    </span>
  );
}

export function GenderIcon({ genero }: { genero: string }) {
  return <span aria-hidden="true">{genero === 'masculino' ? '♂' : '♀'}</span>;
}
