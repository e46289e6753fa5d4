/** The cat's colours: fur from light to deep, a violet rim light, yellow eyes, pink nose and collar. */
export const RIM = '#7b7fe6';
export const FUR_LIGHT = '#2d2d5e';
export const FUR = '#17172e';
export const FUR_DEEP = '#0b0b1a';
export const EYE_LIGHT = '#fff3a6';
export const EYE = '#ffd23f';
export const EYE_DEEP = '#f0a015';
export const PUPIL = '#150f28';
export const PINK = '#ff8fb4';
export const COLLAR = '#ff6f91';
export const STAR = '#ffd84d';
export const WHISKER = '#a9abff';
