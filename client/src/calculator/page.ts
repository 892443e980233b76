/** The scoring calculator page (work in progress). */
export {};
