/** The brand mark: a lens whose light splits into rising bars. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8ea8ff" />
          <stop offset="1" stopColor="#4fe0c2" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="14" fill="none" stroke="url(#logo-gradient)" strokeWidth="3" />
      <rect x="9.5" y="16" width="3" height="7" rx="1.5" fill="#8ea8ff" />
      <rect x="14.5" y="12" width="3" height="11" rx="1.5" fill="#6fc4e0" />
      <rect x="19.5" y="8" width="3" height="15" rx="1.5" fill="#4fe0c2" />
    </svg>
  );
}
