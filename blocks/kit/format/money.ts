/** Money in dollars, exact to the cent: 2995 → $29.95, −1200 → −$12.00. */
export const money = (cents: number) => `${cents < 0 ? '−' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`
