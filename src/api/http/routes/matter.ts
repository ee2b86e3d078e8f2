import { Type } from '@sinclair/typebox';
import type { MatterIntegration } from '../../../integrations/matter/index.js';
import type { PairingService } from '../../../integrations/pairing/index.js';
import { Errors } from '../../../errors.js';
import { Ok, RefTo, Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';
import { MatterNodeSchema, MatterStatusSchema, SharedNodeSchema } from './matter-schemas.js';

/**
 * Matter's own routes beside the pairing seam's (`POST /api/home/integrations/matter/pair` adds a
 * device, `DELETE …/devices/{id}` removes one): whether it is on, turning it on, its nodes with
 * reachability, removing a node (also when unreachable) and sharing one with another ecosystem.
 * Admin only: handing out a code that lets another app control a device is the household's key.
 */

const NodeParams = Strict({ node_id: Type.String({ pattern: '^[0-9]{1,20}$' }) });

export function matterRoutes(app: HttpApp, pairing: PairingService) {
  app.addSchema(MatterNodeSchema);
  const base = '/api/home/integrations/matter';
  const loaded = () => pairing.list().some((m) => m.id === 'matter' && m.loaded);
  /** The running integration; `turnOn` loads it (starting the Matter stack) when it is off. */
  // The catalogue's 'matter' entry builds a MatterIntegration; the class is imported as a type
  // only (the Matter stack loads on demand), so `instanceof` cannot check it here.
  const matter = async (turnOn = false): Promise<MatterIntegration | undefined> =>
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
    loaded() || turnOn ? ((await pairing.load('matter')) as MatterIntegration) : undefined;
  const status = async () => {
    const m = await matter();
    if (!m) return { state: 'off', detail: 'Matter is off', enabled: false, nodes: 0 };
    const s = m.status();
    return { state: s.state, detail: s.detail ?? '', enabled: true, nodes: Number(s.nodes ?? 0) };
  };
  const running = async () => {
    const m = await matter();
    if (!m)
      throw Errors.conflict('Matter is off; turn it on or add a Matter device first.', { enabled: false });
    return m;
  };

  app.get(
    base,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter'],
        summary: 'Whether Matter is on, and how many nodes it has',
        response: { 200: MatterStatusSchema },
      },
    },
    status,
  );

  app.post(
    `${base}/enable`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter'],
        summary: 'Turn Matter on now and at every later start (loads the Matter stack and its mDNS)',
        response: { 200: MatterStatusSchema },
      },
    },
    async () => {
      await matter(true);
      return status();
    },
  );

  app.get(
    `${base}/nodes`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter'],
        summary:
          "The Matter nodes on Hearth's fabric, with reachability and their Hearth devices and entities",
        response: { 200: Type.Object({ nodes: Type.Array(RefTo(MatterNodeSchema)) }) },
      },
    },
    async () => ({ nodes: (await matter())?.nodes() ?? [] }),
  );

  app.delete(
    `${base}/nodes/:node_id`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter'],
        summary:
          "Remove a node: it leaves Hearth's fabric (decommission) and its devices and entities are removed",
        description:
          'An unreachable node cannot be told to leave: 503, unless `force=true`, which forgets it anyway (reset the device by hand then).',
        params: NodeParams,
        querystring: Strict({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await (await running()).remove(req.params.node_id, req.query.force === true);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/nodes/:node_id/share`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter'],
        summary:
          'Share a node with another Matter app (Apple Home, Google Home…): opens a pairing window and returns its code',
        description:
          'Multi-admin: the device stays in Hearth and joins the other app too. The code works once, while the window is open (`window` seconds, default 900).',
        params: NodeParams,
        body: Type.Optional(Strict({ window: Type.Optional(Type.Integer({ minimum: 180, maximum: 900 })) })),
        response: {
          200: SharedNodeSchema,
        },
      },
    },
    // An optional body is undefined when none is sent; TypeBox's Static drops that.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    async (req) => (await running()).share(req.params.node_id, req.body?.window ?? 900),
  );
}
