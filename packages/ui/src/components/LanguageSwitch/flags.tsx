import { useId } from 'react';

interface FlagProps {
  width?: number;
}

/** France: blue, white, red (inline SVG, identical on every machine, unlike emoji). */
export function FlagFr({ width = 24 }: FlagProps) {
  return (
    <svg
      width={width}
      height={(width * 2) / 3}
      viewBox="0 0 3 2"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="1" height="2" x="0" fill="#002654" />
      <rect width="1" height="2" x="1" fill="#ffffff" />
      <rect width="1" height="2" x="2" fill="#ce1126" />
      <rect width="3" height="2" fill="none" stroke="#d5d9e3" strokeWidth="0.06" />
    </svg>
  );
}

/** United Kingdom (for English). */
export function FlagGb({ width = 24 }: FlagProps) {
  const id = useId().replace(/:/g, '');
  return (
    <svg width={width} height={width / 2} viewBox="0 0 60 30" aria-hidden="true" focusable="false">
      <clipPath id={`${id}-s`}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={`${id}-t`}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${id}-s)`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#ffffff" strokeWidth="6" />
        <path
          d="M0,0 L60,30 M60,0 L0,30"
          clipPath={`url(#${id}-t)`}
          stroke="#C8102E"
          strokeWidth="4"
        />
        <path d="M30,0 v30 M0,15 h60" stroke="#ffffff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}
