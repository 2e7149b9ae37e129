/** A fee schedule: usual fees and the member's fee at a given discount. */
const PROCEDURES: [string, string, number][] = [
  ['D0120', 'Periodic oral evaluation', 6500],
  ['D0210', 'Full-mouth X-rays', 14500],
  ['D1110', 'Adult cleaning', 11500],
  ['D1120', 'Child cleaning', 8500],
  ['D2391', 'Resin filling, one surface, back tooth', 19500],
  ['D2740', 'Porcelain crown', 135000],
  ['D3330', 'Root canal, molar', 125000],
  ['D7140', 'Simple extraction', 19000],
  ['D9972', 'Teeth whitening, per arch', 45000],
]

export const feeSchedule = (discountPercent: number) =>
  PROCEDURES.map(([code, procedure, usualFeeCents]) => ({
    code,
    procedure,
    usualFeeCents,
    memberFeeCents: Math.round((usualFeeCents * (100 - discountPercent)) / 100 / 100) * 100,
  }))

type Day = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun'
export const hours = (weekdays: [string, string], saturday?: [string, string]) => [
  ...(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as Day[]).map((day) => ({ day, opens: weekdays[0], closes: weekdays[1] })),
  ...(saturday ? [{ day: 'Sat' as Day, opens: saturday[0], closes: saturday[1] }] : []),
]
