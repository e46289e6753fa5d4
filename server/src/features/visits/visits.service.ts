import type { GeoLookup } from './geoip.ts';
import type { VisitsRepository } from './visits.repository.ts';

/** Records which pages signed-in users open, with where they were when they did. */
export class VisitsService {
  constructor(
    private readonly visits: VisitsRepository,
    private readonly geo: GeoLookup,
    private readonly now: () => number,
  ) {}

  /** A user's latest visits, newest first (for the operator). */
  recent(userId: string, limit: number) {
    return this.visits.listForUser(userId, limit);
  }

  /** Retention: visits older than `retentionMs` keep their city and country, not their address. */
  forgetOldAddresses(retentionMs: number): Promise<number> {
    return this.visits.forgetAddresses(this.now() - retentionMs);
  }

  async record(userId: string, page: string, ip: string | null): Promise<void> {
    const { city, country } = await this.geo.locate(ip);
    await this.visits.insert({ userId, page, ip, city, country, at: this.now() });
  }
}
