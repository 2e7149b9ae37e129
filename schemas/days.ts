/** A calendar day, `YYYY-MM-DD`. */
export type Day = string

/**
 * A calendar day (a birth date, a card's first day) as the specification's short date, mm/dd/yy:
 * no time zone and no `Intl`, so a page that shows only days loads none of schemas/zoned-days.ts.
 */
export function shortDay(day: Day): string {
  const [year = '', month = '', date = ''] = day.split('-')
  return `${month}/${date}/${year.slice(2)}`
}
