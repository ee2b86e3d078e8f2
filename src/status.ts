/**
 * What `GET /api/ai/status` reports. Each part that has something to say (agents, intent
 * engine, voice engines, integrations, license) contributes a named section; the route only
 * gathers them, so a part's status lives beside the part.
 */
export type StatusSection = () => unknown;

export class StatusBoard {
  private readonly sections = new Map<string, StatusSection>();

  set(name: string, section: StatusSection): void {
    this.sections.set(name, section);
  }

  async collect(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, section] of this.sections) out[name] = await section();
    return out;
  }
}
