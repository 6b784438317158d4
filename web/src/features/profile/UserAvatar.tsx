/** The user's photo, or the initial of their first name on the brand colour. */
export function UserAvatar({ nombre, foto, size = 'md' }: { nombre: string; foto?: string | null | undefined; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-24 w-24 text-3xl' : 'h-16 w-16 text-2xl';
  if (foto) return <img src={foto} alt="" className={`${box} shrink-0 rounded-full object-cover ring-4 ring-white`} />;
  return (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white ring-4 ring-white`}>
      {nombre.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
