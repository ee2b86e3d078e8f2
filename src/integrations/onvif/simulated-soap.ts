import type { ServerResponse } from 'node:http';

/**
 * SOAP 1.2 as the simulated ONVIF camera speaks it: the namespaces its answers use, an answer
 * or a fault in its envelope, and the xs:dateTime and xs:duration forms of the Events service.
 */

export const NS = {
  s: 'http://www.w3.org/2003/05/soap-envelope',
  tt: 'http://www.onvif.org/ver10/schema',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tev: 'http://www.onvif.org/ver10/events/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  wsnt: 'http://docs.oasis-open.org/wsn/b-2',
  wsa5: 'http://www.w3.org/2005/08/addressing',
  tns1: 'http://www.onvif.org/ver10/topics',
  ter: 'http://www.onvif.org/ver10/error',
};

/** An answer's body in the SOAP envelope that declares every namespace above. */
export function soapAnswer(res: ServerResponse, body: string) {
  const xmlns = Object.entries(NS)
    .map(([k, v]) => `xmlns:${k}="${v}"`)
    .join(' ');
  res
    .writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${xmlns}><s:Body>${body}</s:Body></s:Envelope>`);
}

/** A SOAP fault (`env:Sender` / `env:Receiver` with an ONVIF `ter:` subcode). */
export function soapFault(
  res: ServerResponse,
  status: number,
  code: string,
  subcode: string,
  reason: string,
) {
  res
    .writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS.s}" xmlns:ter="${NS.ter}"><env:Body><env:Fault><env:Code><env:Value>${code}</env:Value><env:Subcode><env:Value>${subcode}</env:Value></env:Subcode></env:Code><env:Reason><env:Text xml:lang="en">${reason}</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>`,
    );
}

export function iso(ms: number) {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** An xs:duration such as PT1M, PT10S, PT0.5S (hours, minutes, seconds), or an absolute time. */
export function durationMs(text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const m = /^P(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (m) return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : fallback;
}
