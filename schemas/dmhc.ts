/** The Department of Managed Health Care's toll-free and TDD lines and site (H&S §1368.02(b)). */
export const DMHC = { phone: '1-888-466-2219', tdd: '1-877-688-9891', site: 'www.dmhc.ca.gov' } as const

/**
 * The statement H&S §1368.02(b) requires on a plan's grievance form and every written notice of
 * the grievance process, in its statutory words,
 * with the plan's own telephone number (as it should be read: `(310) 555-0110`).
 */
export function dmhcStatement(planPhone: string): string {
  return (
    'The California Department of Managed Health Care is responsible for regulating health care service plans. ' +
    `If you have a grievance against your health plan, you should first telephone your health plan at ${planPhone} and use your health plan's grievance process before contacting the department. ` +
    'Utilizing this grievance procedure does not prohibit any potential legal rights or remedies that may be available to you. ' +
    'If you need help with a grievance involving an emergency, a grievance that has not been satisfactorily resolved by your health plan, or a grievance that has remained unresolved for more than 30 days, you may call the department for assistance. ' +
    'You may also be eligible for an Independent Medical Review (IMR). ' +
    'If you are eligible for IMR, the IMR process will provide an impartial review of medical decisions made by a health plan related to the medical necessity of a proposed service or treatment, coverage decisions for treatments that are experimental or investigational in nature and payment disputes for emergency or urgent medical services. ' +
    `The department also has a toll-free telephone number (${DMHC.phone}) and a TDD line (${DMHC.tdd}) for the hearing and speech impaired. ` +
    `The department's internet website ${DMHC.site} has complaint forms, IMR application forms and instructions online.`
  )
}
