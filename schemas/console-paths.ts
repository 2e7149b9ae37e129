// The console's addresses that mails link to, without zod: the console's first page reads them.

/** Where a staff invitation's link leads: the console's page that sets the password (`?token=`). */
export const STAFF_INVITATION_PATH = '/console/set-password'
