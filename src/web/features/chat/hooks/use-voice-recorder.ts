import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@web/lib/api-client';
import { currentLanguage } from '@web/lib/i18n';
import { useTranscribeAudio } from '../api/transcribe-audio';

export type VoiceState = 'idle' | 'recording' | 'transcribing';

/** Audio capture: 44.1 kHz mono with the browser's voice clean-up, recorded as WebM/Opus. */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { sampleRate: 44100, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};
export const PREFERRED_MIME_TYPE = 'audio/webm;codecs=opus';

const RECORDING_TOAST_ID = 'voice-recording';
const VOICE_TOAST_ID = 'voice-error';

function supportedMimeType(): string | undefined {
  try {
    return MediaRecorder.isTypeSupported(PREFERRED_MIME_TYPE) ? PREFERRED_MIME_TYPE : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Voice messages: idle → recording → transcribing, then the text goes to `onText`.
 * The microphone is released as soon as the recording stops, and on leaving the page.
 */
export function useVoiceRecorder({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation(['chat', 'errors']);
  const [state, setState] = useState<VoiceState>('idle');
  const transcribe = useTranscribeAudio();
  const { mutateAsync } = transcribe;
  const busyRef = useRef(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const activeRef = useRef(true);
  const onTextRef = useRef(onText);

  useEffect(() => {
    onTextRef.current = onText;
  });

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => {
    activeRef.current = true;
    return () => {
      activeRef.current = false;
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      releaseMicrophone();
      uploadRef.current?.abort();
      toast.dismiss(RECORDING_TOAST_ID);
    };
  }, [releaseMicrophone]);

  const fail = useCallback(
    (message: string) => {
      toast.dismiss(RECORDING_TOAST_ID);
      toast.error(message, { id: VOICE_TOAST_ID });
      busyRef.current = false;
      setState('idle');
    },
    [],
  );

  const transcriptionMessage = useCallback(
    (error: unknown): string => {
      const code = error instanceof ApiError ? error.code : '';
      switch (code) {
        case 'TRANSCRIPTION_UNAVAILABLE':
        case 'SUBSCRIPTION_REQUIRED':
        case 'RATE_LIMITED':
        case 'NETWORK':
          return t(`errors:${code}`);
        case 'UNAUTHENTICATED':
          return t('chat:errors.signedOut');
        case 'PAYLOAD_TOO_LARGE':
          return t('chat:voice.tooLong');
        case 'UNSUPPORTED_MEDIA_TYPE':
          return t('chat:voice.processingError');
        default:
          return t('chat:voice.transcriptionError');
      }
    },
    [t],
  );

  const upload = useCallback(
    async (audio: Blob) => {
      setState('transcribing');
      const controller = new AbortController();
      uploadRef.current = controller;
      try {
        const text = (await mutateAsync({ audio, language: currentLanguage(), signal: controller.signal })).trim();
        if (!activeRef.current) return;
        if (!text) {
          fail(t('chat:voice.transcriptionError'));
          return;
        }
        busyRef.current = false;
        setState('idle');
        onTextRef.current(text);
      } catch (error) {
        if (controller.signal.aborted || !activeRef.current) return;
        fail(transcriptionMessage(error));
      }
    },
    [mutateAsync, fail, t, transcriptionMessage],
  );

  const start = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    if (!navigator.mediaDevices?.getUserMedia) {
      fail(t('chat:voice.micError'));
      return;
    }
    if (typeof MediaRecorder === 'undefined') {
      fail(t('chat:voice.processingError'));
      return;
    }

    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS);
    } catch {
      // Permission refused, no microphone, or the page is not allowed to ask.
      fail(t('chat:voice.micError'));
      return;
    }
    if (!activeRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;

    const mimeType = supportedMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      releaseMicrophone();
      fail(t('chat:voice.processingError'));
      return;
    }

    const chunks: Blob[] = [];
    let failed = false;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => {
      failed = true;
      releaseMicrophone();
      if (activeRef.current) fail(t('chat:voice.processingError'));
    };
    recorder.onstop = () => {
      releaseMicrophone();
      if (recorderRef.current === recorder) recorderRef.current = null;
      toast.dismiss(RECORDING_TOAST_ID);
      if (failed || !activeRef.current) return;
      const audio = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (audio.size === 0) {
        fail(t('chat:voice.processingError'));
        return;
      }
      void upload(audio);
    };

    try {
      recorder.start();
    } catch {
      releaseMicrophone();
      fail(t('chat:voice.processingError'));
      return;
    }
    recorderRef.current = recorder;
    setState('recording');
    toast.info(t('chat:voice.recording'), { id: RECORDING_TOAST_ID });
  }, [fail, releaseMicrophone, t, upload]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  /** The microphone button: start when idle, stop while recording, nothing while transcribing. */
  const toggle = useCallback(() => {
    if (state === 'recording') stop();
    else if (state === 'idle') void start();
  }, [state, start, stop]);

  return { state, start, stop, toggle };
}
