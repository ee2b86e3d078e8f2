import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of the camera routes (and the OpenAPI document): a snapshot Hearth kept for a
 * motion event. The dashboard's camera dialog reads it through its `Static` type.
 */

export const SnapshotId = Type.String({
  pattern: '^\\d{8}T\\d{9}Z-[0-9a-f]{6}$',
  description: 'as listed by …/snapshots, e.g. 20261124T002133123Z-3fa9c1',
});

export const MotionSnapshotSchema = Type.Object({
  id: SnapshotId,
  at: Type.String({ format: 'date-time', description: 'when Hearth took it' }),
  bytes: Type.Integer(),
});

export type MotionSnapshot = Static<typeof MotionSnapshotSchema>;
