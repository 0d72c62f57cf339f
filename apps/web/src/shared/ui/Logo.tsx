import { Link } from 'react-router';

/** The built-in logo mark, used when the site or school has no logo of its own. */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <rect width="48" height="48" rx="12" fill="#1664ff" />
      <path
        d="M24 9l12.5 7.2v14.6L24 38l-12.5-7.2V16.2z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="23.5" r="4.5" fill="#fff" />
      <path d="M24 9v10M36.5 30.8L28 26M11.5 30.8L20 26" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
}

/** The platform's logo and name, linking to the public home page (sign-in and home headers). */
export function BrandLink({ name }: { name: string }) {
  return (
    <Link className="brand-link" to="/home/index">
      <LogoMark size={32} />
      <span>{name}</span>
    </Link>
  );
}
