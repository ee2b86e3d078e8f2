import { Type } from '@sinclair/typebox';
import type { VoiceService } from '../../../agent/voice/index.js';
import { Errors } from '../../../errors.js';
import { Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';
import { validatorCompiler } from '../validation.js';
import { ChatReply } from './chat.js';

/** Audio uploads are larger than JSON bodies: 4 MB is ~2 minutes of 16 kHz mono 16-bit. */
export const VOICE_BODY_LIMIT = 4 * 1024 * 1024;

const VoiceQuery = Strict({
  conversation_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Continue a conversation (e.g. answer "yes" to confirm an unlock)',
    }),
  ),
  area: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Area the speaker is in; fills "in here"' }),
  ),
});

const VoiceReply = Type.Composite([
  Type.Object({
    transcript: Type.String({ description: 'What was heard; empty when nothing was understood reliably' }),
  }),
  ChatReply,
]);

const WavBody = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'A WAV file; 16 kHz mono 16-bit PCM is best, other rates and stereo are converted',
});

/**
 * `POST /api/ai/voice`: one spoken command as a WAV body. The transcript goes through the same
 * agents as chat (a viewer's commands are refused by the agent). The raw-body parser for
 * audio/wav is registered in this route's own scope, so other routes still take JSON only.
 */
export function voiceRoutes(app: HttpApp, voice: VoiceService) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['audio/wav', 'audio/x-wav', 'audio/wave'],
      { parseAs: 'buffer', bodyLimit: VOICE_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    (scope as unknown as HttpApp).post(
      '/api/ai/voice',
      {
        config: { access: 'viewer', command: true },
        // the body is a Buffer, not JSON: check it is one; the query keeps the normal validation
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) =>
                Buffer.isBuffer(data) && data.length > 0
                  ? { value: data }
                  : {
                      error: Errors.validation(
                        'Send the audio as the request body with Content-Type: audio/wav.',
                        { field: 'body' },
                      ),
                    }
            : validatorCompiler(route),
        schema: {
          tags: ['ai'],
          summary: 'Send a spoken command (WAV)',
          description:
            'Speech to text (built-in pocketsphinx with a grammar generated from the registry, or a Wyoming server when HEARTH_WYOMING_STT is set), then the same agents as chat. Speech the engine is not sure about gets "Sorry, I did not catch that." and intent null; nothing acts. 503 when no speech-to-text engine is available.',
          consumes: ['audio/wav'],
          querystring: VoiceQuery,
          body: WavBody,
          response: { 200: VoiceReply },
        },
      },
      async (req) => {
        const { user } = principalOf(req);
        return voice.handle(req.body, req.query, {
          id: user.id,
          role: user.role,
        });
      },
    );
  });
}
