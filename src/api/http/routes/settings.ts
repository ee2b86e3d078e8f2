import { Type } from '@sinclair/typebox';
import type { HomeSettings } from '../../../settings/index.js';
import { StringEnum, Strict, RefTo } from '../schemas.js';
import type { HttpApp } from '../server.js';

const Source = StringEnum(['settings', 'config', 'system', 'unset'], {
  description:
    "`settings`: saved in the dashboard (wins); `config`: from the environment or config file; `system`: the system's zone; `unset`: no value",
});

const HomeSettingsSchema = Type.Object(
  {
    time_zone: Type.String({
      description: 'IANA time zone for time triggers and conditions, e.g. Europe/Berlin',
    }),
    latitude: Type.Union([Type.Number(), Type.Null()], {
      description: 'null: not set (solar triggers wait)',
    }),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    sources: Type.Object({ time_zone: Source, latitude: Source, longitude: Source }),
  },
  { $id: 'HomeSettings' },
);

const PatchBody = Strict(
  {
    time_zone: Type.Optional(
      Type.Union([
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: 'An IANA zone name; unknown zones are refused',
        }),
        Type.Null(),
      ]),
    ),
    latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
  },
  { minProperties: 1 },
);

/** The home's settings: time zone and location, changeable at run time without a restart. */
export function settingsRoutes(app: HttpApp, settings: HomeSettings) {
  app.addSchema(HomeSettingsSchema);

  app.get(
    '/api/settings',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['settings'],
        summary: "The home's time zone and location, and where each value comes from",
        response: { 200: RefTo(HomeSettingsSchema) },
      },
    },
    async () => settings.view(),
  );

  app.patch(
    '/api/settings',
    {
      config: { access: 'admin', audit: { action: 'settings_changed', fields: ['*'] } },
      schema: {
        tags: ['settings'],
        summary: "Change the home's time zone or location; applies at once (time and solar triggers re-arm)",
        description:
          'Only the fields sent change. A value is saved and wins over HEARTH_TIME_ZONE / HEARTH_LATITUDE / HEARTH_LONGITUDE; `null` clears the saved value, so the environment/config value (or the system zone) applies again. An unknown time zone is a 400 naming `time_zone`.',
        body: PatchBody,
        response: { 200: RefTo(HomeSettingsSchema) },
      },
    },
    async (req) => settings.update(req.body),
  );
}
