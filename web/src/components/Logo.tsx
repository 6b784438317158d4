import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-lg text-xl font-bold text-brand-700">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>Nido</span>
    </Link>
  );
}
