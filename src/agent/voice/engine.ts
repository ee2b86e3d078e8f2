/** What a speech-to-text engine offers the voice pipeline. */
export interface SttResult {
  /** The accepted transcript, or '' when nothing reliable was heard. */
  text: string;
  /** Why a transcript was rejected (e.g. the two passes disagreed). */
  rejected?: string;
  /** The raw hypotheses, for the log. */
  passes?: Record<string, string>;
}

export interface EngineStatus {
  name: string;
  available: boolean;
  detail: string;
}

export interface SttEngine {
  readonly name: string;
  status(): Promise<EngineStatus>;
  /** 16 kHz mono 16-bit PCM in. */
  transcribe(pcm: Int16Array): Promise<SttResult>;
}
