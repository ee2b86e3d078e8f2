import { num, text } from './text';
import { Confirmed, Select, Slider, Stepper } from './tile-inputs';
import type { Entity } from './types';
import { cap } from './wording';

/**
 * The controls of a tile: for each domain the inputs that fit its capabilities (a brightness
 * slider for a dimmable light, a stepper for a thermostat, a confirmed button for an unlock).
 */

interface ControlsProps {
  entity: Entity;
  off: boolean;
  send: (action: string, params?: Record<string, unknown>) => void;
}

export function Controls({ entity: e, off, send }: ControlsProps) {
  const c = e.capabilities;
  const has = (a: string) => c.actions.includes(a);
  const a = e.attributes;
  switch (e.domain) {
    case 'light':
      return (
        <div class="controls">
          {c.brightness && (
            <Slider
              short="Brightness"
              label={`${e.name} brightness`}
              unit="%"
              min={1}
              max={100}
              value={num(a.brightness) ?? 0}
              disabled={off}
              onCommit={(v) => send('dim', { brightness: v })}
            />
          )}
          {c.color_temp && (
            <Slider
              short="Warm–cool"
              label={`${e.name} colour temperature`}
              unit=" K"
              min={c.color_temp.min_kelvin}
              max={c.color_temp.max_kelvin}
              step={100}
              value={num(a.kelvin) ?? c.color_temp.min_kelvin}
              disabled={off}
              onCommit={(v) => send('set_color_temp', { kelvin: v })}
            />
          )}
        </div>
      );
    case 'fan':
      return c.fan_speeds ? (
        <div class="controls">
          <Select
            label={`${e.name} speed`}
            options={c.fan_speeds}
            value={text(a.speed)}
            disabled={off}
            onChange={(v) => send('set_fan_speed', { speed: v })}
          />
        </div>
      ) : null;
    case 'climate': {
      const t = c.temperature;
      return (
        <div class="controls">
          {t && (
            <Stepper
              label={`${e.name} setpoint`}
              unit={t.unit}
              min={t.min}
              max={t.max}
              step={t.step}
              value={num(a.temperature) ?? t.min}
              disabled={off}
              onCommit={(v) => send('set_temperature', { temperature: v })}
            />
          )}
          {c.hvac_modes && (
            <Select
              label={`${e.name} mode`}
              options={c.hvac_modes}
              value={text(e.state)}
              disabled={off}
              onChange={(v) => send('set_hvac_mode', { hvac_mode: v })}
            />
          )}
          {c.presets && (
            <Select
              label={`${e.name} preset`}
              options={c.presets}
              value={text(a.preset)}
              disabled={off}
              onChange={(v) => send('set_preset', { preset: v })}
            />
          )}
        </div>
      );
    }
    case 'lock':
      return (
        <div class="controls buttons">
          <button
            type="button"
            disabled={off || e.state === 'locked'}
            onClick={() => send('lock')}
            aria-label={`Lock ${e.name}`}
          >
            Lock
          </button>
          <Confirmed
            label="Unlock"
            name={e.name}
            question={`Unlock ${e.name}?`}
            disabled={off || e.state === 'unlocked'}
            onConfirm={(code) => send('unlock', code ? { code } : {})}
          />
        </div>
      );
    case 'cover':
      return (
        <div class="controls">
          <div class="buttons">
            {has('open') && (
              <button type="button" disabled={off} onClick={() => send('open')} aria-label={`Open ${e.name}`}>
                Open
              </button>
            )}
            {has('stop') && (
              <button type="button" disabled={off} onClick={() => send('stop')} aria-label={`Stop ${e.name}`}>
                Stop
              </button>
            )}
            {has('close') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('close')}
                aria-label={`Close ${e.name}`}
              >
                Close
              </button>
            )}
          </div>
          {c.position && (
            <Slider
              short="Position"
              label={`${e.name} position`}
              unit="%"
              min={0}
              max={100}
              value={num(a.position) ?? 0}
              disabled={off}
              onCommit={(v) => send('set_position', { position: v })}
            />
          )}
        </div>
      );
    case 'media_player':
      return (
        <div class="controls">
          <div class="buttons">
            {has('previous') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('previous')}
                aria-label={`Previous on ${e.name}`}
              >
                «
              </button>
            )}
            {e.state === 'playing' ? (
              <button
                type="button"
                disabled={off}
                onClick={() => send('pause')}
                aria-label={`Pause ${e.name}`}
              >
                Pause
              </button>
            ) : (
              <button
                type="button"
                disabled={off || !has('play')}
                onClick={() => send('play')}
                aria-label={`Play ${e.name}`}
              >
                Play
              </button>
            )}
            {has('next') && (
              <button
                type="button"
                disabled={off}
                onClick={() => send('next')}
                aria-label={`Next on ${e.name}`}
              >
                »
              </button>
            )}
          </div>
          {c.volume && (
            <Slider
              short="Volume"
              label={`${e.name} volume`}
              unit="%"
              min={0}
              max={100}
              value={num(a.volume) ?? 0}
              disabled={off}
              onCommit={(v) => send('set_volume', { volume: v })}
            />
          )}
        </div>
      );
    case 'alarm_control_panel':
      return (
        <div class="controls buttons">
          {['arm_home', 'arm_away', 'arm_night'].filter(has).map((act) => (
            <button
              type="button"
              key={act}
              disabled={off || e.state === `armed_${act.slice(4)}`}
              onClick={() => send(act)}
              aria-label={`${cap(act.replace('_', ' '))} ${e.name}`}
            >
              {cap(act.replace('_', ' '))}
            </button>
          ))}
          {has('disarm') && (
            <Confirmed
              label="Disarm"
              name={e.name}
              question={`Disarm ${e.name}?`}
              disabled={off || e.state === 'disarmed'}
              withCode
              onConfirm={(code) => send('disarm', code ? { code } : {})}
            />
          )}
        </div>
      );
    case 'camera':
      return (
        <div class="controls buttons">
          {e.state === 'recording' ? (
            <button
              type="button"
              disabled={off || !has('stop_recording')}
              onClick={() => send('stop_recording')}
              aria-label={`Stop recording ${e.name}`}
            >
              Stop recording
            </button>
          ) : (
            <button
              type="button"
              disabled={off || !has('start_recording')}
              onClick={() => send('start_recording')}
              aria-label={`Record ${e.name}`}
            >
              Record
            </button>
          )}
          {has('goto_preset') && c.presets && (
            <Select
              label={`${e.name} preset`}
              options={c.presets}
              value={typeof a.preset === 'string' ? a.preset : ''}
              disabled={off}
              onChange={(v) => send('goto_preset', { preset: v })}
            />
          )}
        </div>
      );
    default:
      return null;
  }
}
