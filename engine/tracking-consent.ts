import type { TrackingConsent } from '#schemas/engine/monitoring.ts'

/**
 * A consent manager's answer: `granted` starts monitoring, `not-granted` stops it. The engine's
 * own privacy choices answer where the site gives their words (`SiteDefinition.trackingConsent`);
 * a site with a consent manager of its own calls this. Monitoring's code is a chunk that only
 * monitored pages load: this loads it too, rather than put it in every page.
 */
export function setTrackingConsent(consent: TrackingConsent): void {
  void import('./monitoring.ts').then((monitoring) => monitoring.setTrackingConsent(consent))
}
