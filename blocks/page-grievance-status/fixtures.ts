import type { MemberGrievances } from '#schemas/api/grievances.ts'

/** A member's grievances: one resolved with the plan's responses, one just received and urgent. */
export const sampleGrievances: MemberGrievances = {
  grievances: [
    {
      reference: 'GRV-2026-7C1E90AA',
      filedAt: '2026-11-23T12:00:00.000Z',
      category: 'access-to-care',
      urgent: true,
      status: 'received',
      acknowledgeBy: '2026-11-26T12:00:00.000Z',
      acknowledgedAt: null,
      resolveBy: '2026-11-26T12:00:00.000Z',
      resolvedAt: null,
      responses: [],
    },
    {
      reference: 'GRV-2026-1A2B3C4D',
      filedAt: '2026-10-02T09:30:00.000Z',
      category: 'billing',
      urgent: false,
      status: 'resolved',
      acknowledgeBy: '2026-10-07T09:30:00.000Z',
      acknowledgedAt: '2026-10-03T16:00:00.000Z',
      resolveBy: '2026-11-01T09:30:00.000Z',
      resolvedAt: '2026-10-20T15:00:00.000Z',
      responses: [
        {
          kind: 'acknowledgement',
          sentAt: '2026-10-03T16:00:00.000Z',
          body: 'We received your grievance about a double charge and are looking into it.',
        },
        {
          kind: 'resolution',
          sentAt: '2026-10-20T15:00:00.000Z',
          body: 'The office charged the visit twice. The second charge of $34.00 is refunded to your card.',
        },
      ],
    },
  ],
}
