import { fillText } from './fill-text.ts'

/** The Department of Managed Health Care's toll-free and TDD lines and site (H&S §1368.02(b)). */
export const DMHC = { phone: '1-888-466-2219', tdd: '1-877-688-9891', site: 'www.dmhc.ca.gov' } as const

/**
 * The statement H&S §1368.02(b) requires on a plan's grievance form and every written notice of
 * the grievance process, in its statutory words: the grievance form's content says it in each
 * language (`pages.grievance-form.dmhc_statement`, required in every published language), with
 * this as the English. `{phone}` is the plan's own telephone number; the department's come from
 * `DMHC`.
 */
export const DMHC_STATEMENT =
  'The California Department of Managed Health Care is responsible for regulating health care service plans. ' +
  "If you have a grievance against your health plan, you should first telephone your health plan at {phone} and use your health plan's grievance process before contacting the department. " +
  'Utilizing this grievance procedure does not prohibit any potential legal rights or remedies that may be available to you. ' +
  'If you need help with a grievance involving an emergency, a grievance that has not been satisfactorily resolved by your health plan, or a grievance that has remained unresolved for more than 30 days, you may call the department for assistance. ' +
  'You may also be eligible for an Independent Medical Review (IMR). ' +
  'If you are eligible for IMR, the IMR process will provide an impartial review of medical decisions made by a health plan related to the medical necessity of a proposed service or treatment, coverage decisions for treatments that are experimental or investigational in nature and payment disputes for emergency or urgent medical services. ' +
  'The department also has a toll-free telephone number ({dmhc_phone}) and a TDD line ({dmhc_tdd}) for the hearing and speech impaired. ' +
  "The department's internet website {dmhc_site} has complaint forms, IMR application forms and instructions online."

/** The statement (the content's, in its language; the statute's English by default) with the plan's phone (`(310) 555-0110`). */
export const dmhcStatement = (planPhone: string, statement = DMHC_STATEMENT): string =>
  fillText(statement, { phone: planPhone, dmhc_phone: DMHC.phone, dmhc_tdd: DMHC.tdd, dmhc_site: DMHC.site })
