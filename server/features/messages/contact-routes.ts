import { contactApi } from '#schemas/api/messages.ts'
import { endpoint, guardSender } from '../../context.ts'
import { submitContact } from './contact-messages.ts'

/** The contact form's messages (the v4 and km paths share one service); staff answer them (staff-message-routes.ts). */
export const contactRoutes = [contactApi.contact, contactApi.kmContact].map((api) =>
  endpoint(api, async ({ body, ctx, c }) => {
    await guardSender(ctx, c, 'contact', [['contact', ctx.address]])
    return submitContact(ctx, body)
  }),
)
