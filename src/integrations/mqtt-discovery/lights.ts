import type { Capabilities } from '../../home/types.js';
import { hsToRgb, kelvinToMired, miredToKelvin, rgbToXy, xyToRgb, type Rgb } from '../../home/color.js';
import {
  BadPayload,
  num,
  payload,
  readText,
  renderCommand,
  str,
  strings,
  template,
  type Config,
} from './config.js';
import {
  assumeOnOff,
  number,
  onOff,
  type ComponentSpec,
  type Listener,
  type Publish,
  type Reading,
} from './spec.js';
import { text as textOf } from '../../text.js';

/**
 * Lights in both of HA's MQTT schemas: `default` (one topic per property) and `json` (one
 * JSON state and command payload). Brightness is scaled from `brightness_scale` to %, colour
 * temperature from mireds (or kelvin with `color_temp_kelvin`), colours to [r,g,b].
 */
const toScale = (percent: number, scale: number) => Math.round((percent * scale) / 100);
const fromScale = (value: number, scale: number) =>
  Math.max(0, Math.min(100, Math.round((value * 100) / scale)));

function ctRange(c: Config): { min_kelvin: number; max_kelvin: number } {
  if (c.color_temp_kelvin === true)
    return { min_kelvin: num(c, 'min_kelvin', 2000), max_kelvin: num(c, 'max_kelvin', 6535) };
  return {
    min_kelvin: miredToKelvin(num(c, 'max_mireds', 500)),
    max_kelvin: miredToKelvin(num(c, 'min_mireds', 153)),
  };
}

function rgbToHs([r, g, b]: Rgb): { h: number; s: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: Math.round((h * 60 + 360) % 360), s: max === 0 ? 0 : Math.round((d / max) * 100) };
}

function capabilities(
  brightness: boolean,
  ct: { min_kelvin: number; max_kelvin: number } | undefined,
  color: boolean,
  settable: boolean,
): Capabilities {
  const caps: Capabilities = { actions: settable ? ['on', 'off', 'toggle'] : [] };
  if (!settable) return caps;
  if (brightness) {
    caps.brightness = true;
    caps.actions.push('dim');
  }
  if (ct) {
    caps.color_temp = ct;
    caps.actions.push('set_color_temp');
  }
  if (color) {
    caps.color = true;
    caps.actions.push('set_color');
  }
  return caps;
}

export function defaultLight(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const on = payload(c, 'payload_on', 'ON');
  const off = payload(c, 'payload_off', 'OFF');
  const scale = num(c, 'brightness_scale', 255);
  const kelvinUnits = c.color_temp_kelvin === true;
  const briCmd = str(c, 'brightness_command_topic');
  const ctCmd = str(c, 'color_temp_command_topic');
  const rgbCmd = str(c, 'rgb_command_topic');
  const onType = str(c, 'on_command_type') ?? 'last';
  const listeners: Listener[] = [];
  const stateT = str(c, 'state_topic');
  if (stateT) {
    const tpl = template(c, 'state_value_template');
    listeners.push({
      topic: stateT,
      read: (t) => {
        const v = readText(t, tpl);
        return v === undefined ? undefined : { state: onOff(v, on, off) };
      },
    });
  }
  const briT = str(c, 'brightness_state_topic');
  if (briT) {
    const tpl = template(c, 'brightness_value_template');
    listeners.push({
      topic: briT,
      read: (t) => {
        const v = readText(t, tpl);
        return v === undefined
          ? undefined
          : { attributes: { brightness: fromScale(number(v, 'brightness'), scale) } };
      },
    });
  }
  const ctT = str(c, 'color_temp_state_topic');
  if (ctT) {
    const tpl = template(c, 'color_temp_value_template');
    listeners.push({
      topic: ctT,
      read: (t) => {
        const v = readText(t, tpl);
        if (v === undefined || v === 'None') return undefined;
        const n = number(v, 'color_temp');
        return { attributes: { kelvin: kelvinUnits ? Math.round(n) : miredToKelvin(n) } };
      },
    });
  }
  const rgbT = str(c, 'rgb_state_topic');
  if (rgbT) {
    const tpl = template(c, 'rgb_value_template');
    listeners.push({
      topic: rgbT,
      read: (t) => {
        const v = readText(t, tpl);
        if (v === undefined) return undefined;
        const parts = v.split(',').map((x) => number(x, 'rgb'));
        if (parts.length !== 3) throw new BadPayload('rgb must be "r,g,b"');
        return { attributes: { color: parts.map((p) => Math.max(0, Math.min(255, Math.round(p)))) } };
      },
    });
  }
  const caps = capabilities(!!briCmd, ctCmd ? ctRange(c) : undefined, !!rgbCmd, !!cmd);
  return {
    domain: 'light',
    capabilities: caps,
    listeners,
    command(action, p) {
      const out: Publish[] = [];
      const attrs = () => {
        if (typeof p.brightness === 'number' && briCmd)
          out.push({
            topic: briCmd,
            payload: renderCommand(str(c, 'brightness_command_template'), toScale(p.brightness, scale)),
          });
        if (typeof p.kelvin === 'number' && ctCmd)
          out.push({
            topic: ctCmd,
            payload: renderCommand(
              str(c, 'color_temp_command_template'),
              kelvinUnits ? p.kelvin : kelvinToMired(p.kelvin),
            ),
          });
        if (Array.isArray(p.color) && rgbCmd)
          out.push({
            topic: rgbCmd,
            payload: renderCommand(str(c, 'rgb_command_template'), (p.color as Rgb).join(',')),
          });
      };
      const power = (v: string) => out.push({ topic: cmd!, payload: v });
      if (action === 'off' || (action === 'dim' && p.brightness === 0)) power(off);
      else if (action === 'on' || action === 'dim') {
        // on_command_type: `first` sends ON before the attributes, `last` after, `brightness` only the brightness.
        const sendsBrightness = typeof p.brightness === 'number' && briCmd;
        if (onType === 'first') power(on);
        attrs();
        if (onType === 'last' || (onType === 'brightness' && !sendsBrightness)) power(on);
      } else attrs();
      return out;
    },
    ...(stateT
      ? {}
      : {
          assume: (action: string, p: Record<string, unknown>) => {
            const r = assumeOnOff(action);
            if (r && typeof p.brightness === 'number' && p.brightness > 0)
              r.attributes = { brightness: p.brightness };
            return r;
          },
        }),
  };
}

export function jsonLight(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const scale = num(c, 'brightness_scale', 255);
  const modes = strings(c, 'supported_color_modes') ?? [];
  const kelvinUnits = c.color_temp_kelvin === true;
  const colorModes = modes.filter((m) => ['xy', 'hs', 'rgb', 'rgbw', 'rgbww'].includes(m));
  const hasColor = colorModes.length > 0 || c.rgb === true || c.xy === true || c.hs === true;
  const hasCt = modes.includes('color_temp') || c.color_temp === true;
  const hasBrightness = c.brightness === true || modes.some((m) => m !== 'onoff');
  const caps = capabilities(hasBrightness, hasCt ? ctRange(c) : undefined, hasColor, !!cmd);
  const stateT = str(c, 'state_topic');
  const colorKey =
    colorModes.some((m) => m.startsWith('rgb')) || c.rgb === true
      ? 'rgb'
      : colorModes.includes('xy') || c.xy === true
        ? 'xy'
        : 'hs';
  const read = (text: string): Reading | undefined => {
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      throw new BadPayload('a json-schema light state must be JSON');
    }
    if (typeof m !== 'object' || m === null || Array.isArray(m))
      throw new BadPayload('a json-schema light state must be a JSON object');
    const o = m as Record<string, unknown>;
    const out: Reading = {};
    const attrs: Record<string, unknown> = {};
    if (o.state !== undefined) out.state = onOff(textOf(o.state), 'ON', 'OFF');
    if (typeof o.brightness === 'number') attrs.brightness = fromScale(o.brightness, scale);
    if (typeof o.color_temp === 'number')
      attrs.kelvin = kelvinUnits ? o.color_temp : miredToKelvin(o.color_temp);
    const col = o.color;
    if (col && typeof col === 'object') {
      const k = col as Record<string, unknown>;
      if (typeof k.r === 'number' && typeof k.g === 'number' && typeof k.b === 'number')
        attrs.color = [k.r, k.g, k.b];
      else if (typeof k.x === 'number' && typeof k.y === 'number') attrs.color = xyToRgb(k.x, k.y);
      else if (typeof k.h === 'number' && typeof k.s === 'number') attrs.color = hsToRgb(k.h, k.s);
    }
    if (o.color_mode === 'color_temp') attrs.color_mode = 'color_temp';
    else if (typeof o.color_mode === 'string' && colorModes.includes(o.color_mode))
      attrs.color_mode = 'color';
    if (Object.keys(attrs).length > 0) out.attributes = attrs;
    return out.state === undefined && !out.attributes ? undefined : out;
  };
  return {
    domain: 'light',
    capabilities: caps,
    listeners: stateT ? [{ topic: stateT, read }] : [],
    command(action, p) {
      const body: Record<string, unknown> = {};
      if (action === 'off' || (action === 'dim' && p.brightness === 0)) body.state = 'OFF';
      else {
        if (action === 'on' || action === 'dim') body.state = 'ON';
        if (typeof p.brightness === 'number') body.brightness = toScale(p.brightness, scale);
        if (typeof p.kelvin === 'number') body.color_temp = kelvinUnits ? p.kelvin : kelvinToMired(p.kelvin);
        if (Array.isArray(p.color)) {
          const rgb = p.color as Rgb;
          body.color =
            colorKey === 'rgb'
              ? { r: rgb[0], g: rgb[1], b: rgb[2] }
              : colorKey === 'xy'
                ? rgbToXy(rgb)
                : rgbToHs(rgb);
        }
      }
      return [{ topic: cmd!, payload: JSON.stringify(body) }];
    },
    ...(stateT ? {} : { assume: (action: string) => assumeOnOff(action) }),
  };
}
