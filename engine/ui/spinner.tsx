import { SPINNER_SIZES, type SpinnerSize } from '#schemas/engine/ui-values.ts'

export const SPINNER_STROKE = 4

/** A spinning ring: sm 18, md 36 (default), lg 54, xl 90 pixels, stroke 4. */
export function Spinner({ size = 'md', label = 'Loading' }: { size?: SpinnerSize; label?: string }) {
  const pixels = SPINNER_SIZES[size]
  const radius = (pixels - SPINNER_STROKE) / 2
  return (
    <svg
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${pixels} ${pixels}`}
      role="status"
      aria-label={label}
      data-size={size}
      className="animate-spin text-brand motion-reduce:animate-[spin_3s_linear_infinite]"
    >
      <circle
        cx={pixels / 2}
        cy={pixels / 2}
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth={SPINNER_STROKE}
      />
      <circle
        cx={pixels / 2}
        cy={pixels / 2}
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeWidth={SPINNER_STROKE}
        strokeLinecap="round"
        strokeDasharray={`${Math.PI * radius * 0.5} ${Math.PI * radius * 2}`}
      />
    </svg>
  )
}
