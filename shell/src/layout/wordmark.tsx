import { Link } from 'react-router-dom';

export function Wordmark({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-300"
      aria-label="Distilled Digital home"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2148ee" />
        <path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="22.5" cy="9.5" r="2.5" fill="#2dd4bf" />
      </svg>
      <span
        className={`text-lg font-bold tracking-tight ${tone === 'light' ? 'text-white' : 'text-ink-900'}`}
      >
        Distilled<span className="text-accent-400">.</span>
      </span>
    </Link>
  );
}
