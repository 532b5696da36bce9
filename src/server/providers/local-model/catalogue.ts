/** A model the administrator may download, with what it takes. */
export interface ModelEntry {
  id: string;
  /** The model's name; the AI tab says its size and memory in the administrator's language. */
  label: string;
  /** The file's name under `<DATA_DIR>/models`. */
  fileName: string;
  url: string;
  /** Exact size in bytes when known: checked before the file is kept. */
  sizeBytes: number | null;
  /** SHA-256 of the whole file, lowercase hex; null until the administrator fills it in. */
  sha256: string | null;
  /** RAM the model needs to run with a 4k-token context (weights, cache, runtime), in bytes. */
  memoryBytes: number;
  licence: string;
}

const GB = 1024 ** 3;

/**
 * Small instruct models that write French and English well enough for a journaling companion, smallest
 * first. URLs pin a repository revision so that the hash stays true; a hash is given only where a published
 * record of it was read, otherwise the administrator is asked for it.
 */
export const SUGGESTED_MODELS: readonly ModelEntry[] = [
  {
    id: 'qwen2.5-1.5b-instruct-q4_k_m',
    label: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    fileName: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sizeBytes: 1_117_320_736,
    sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
    memoryBytes: 2 * GB,
    licence: 'Apache-2.0',
  },
  {
    id: 'llama-3.2-3b-instruct-q4_k_m',
    label: 'Llama 3.2 3B Instruct (Q4_K_M)',
    fileName: 'Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    url: 'https://huggingface.co/unsloth/Llama-3.2-3B-Instruct-GGUF/resolve/e7d0997e49c9cb00d88b4c1a6a16aa894b0bbc31/Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    sizeBytes: 2_019_377_600,
    sha256: '6c99cc00ae910f6a532a80022cb4bc1939094527a089c29294b841c0bd87f74d',
    memoryBytes: 3.5 * GB,
    licence: 'Llama 3.2 Community License',
  },
  {
    id: 'mistral-7b-instruct-v0.3-q4_k_m',
    label: 'Mistral 7B Instruct v0.3 (Q4_K_M)',
    fileName: 'Mistral-7B-Instruct-v0.3-Q4_K_M.gguf',
    url: 'https://huggingface.co/bartowski/Mistral-7B-Instruct-v0.3-GGUF/resolve/main/Mistral-7B-Instruct-v0.3-Q4_K_M.gguf',
    // Not read from a published record: the administrator copies the hash from the model's page.
    sizeBytes: null,
    sha256: null,
    memoryBytes: 6 * GB,
    licence: 'Apache-2.0',
  },
];
