/** Longest image prompt sent or stored (the images APIs of OpenAI accept 4000 characters for DALL·E 3). */
export const IMAGE_PROMPT_MAX = 4000;
