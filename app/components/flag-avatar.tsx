import type { LocaleInfo } from "../../core/locales/locales";

/** A round flag, drawn inline so the header needs no image request. */
export function FlagAvatar({ flag }: { flag: LocaleInfo["flag"] }) {
  return (
    <svg className="flag-avatar" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <clipPath id={`flag-${flag}`}>
        <circle cx="12" cy="12" r="12" />
      </clipPath>
      <g clipPath={`url(#flag-${flag})`}>{flag === "br" ? <Brazil /> : <UnitedStates />}</g>
    </svg>
  );
}

function Brazil() {
  return (
    <>
      <rect width="24" height="24" fill="#009c3b" />
      <path d="M12 4.2 22 12 12 19.8 2 12Z" fill="#ffdf00" />
      <circle cx="12" cy="12" r="4.4" fill="#002776" />
      <path d="M7.8 11.2c2.9-.5 5.8.1 8.3 1.6" stroke="#fff" strokeWidth=".8" fill="none" />
    </>
  );
}

function UnitedStates() {
  const stripes = [0, 3.7, 7.4, 11.1, 14.8, 18.5, 22.2].map((y) => (
    <rect key={y} y={y} width="24" height="1.85" fill="#b22234" />
  ));
  return (
    <>
      <rect width="24" height="24" fill="#fff" />
      {stripes}
      <rect width="11" height="11.1" fill="#3c3b6e" />
      <g fill="#fff">
        <circle cx="3" cy="3" r=".7" />
        <circle cx="6.5" cy="3" r=".7" />
        <circle cx="4.7" cy="5.5" r=".7" />
        <circle cx="8.3" cy="5.5" r=".7" />
        <circle cx="3" cy="8" r=".7" />
        <circle cx="6.5" cy="8" r=".7" />
      </g>
    </>
  );
}
