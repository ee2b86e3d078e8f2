import type { NotificationRow } from '../store/index.js';
import type { TriggerData } from './model.js';

declare module '../bus.js' {
  interface EventMap {
    /** An automation's trigger fired and its conditions held (or it was run by hand): its actions start. */
    automation_triggered: { automation_id: string; name: string; trace_id: string; trigger: TriggerData };
    /** A run ended: finished, failed, timeout (a wait ran out) or cancelled. */
    automation_finished: {
      automation_id: string;
      name: string;
      trace_id: string;
      result: string;
      reason: string | null;
    };
    /** A message for the household (an automation's notify action). */
    notification: NotificationRow;
    /** The condition behind a keyed notification cleared. */
    notification_resolved: { id: string; key: string; audience: 'all' | 'admin' };
    /** A person marked notifications read (their other tabs and devices follow). */
    notifications_read: { user_id: string; ids: string[] | 'all' };
  }
}

export {};
