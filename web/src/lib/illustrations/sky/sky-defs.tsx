/**
 * A turbulence filter that breaks a soft shape into wisps: a faint haze of the shape with the
 * noise's brightest parts drawn at full strength. Clouds take it as it is; the aurora blurs its
 * curtains first and streaks the noise (far finer across than up).
 */
export function CloudFilter({
  id,
  frequency,
  seed,
  octaves = 5,
  region = ['-10%', '-10%', '120%', '120%'],
  contrast = [2.6, -0.75],
  blur,
  haze = 0.45,
}: {
  id: string;
  frequency: string;
  seed: number;
  octaves?: number;
  /** The filter's x, y, width and height. */
  region?: readonly [string, string, string, string];
  /** How the noise becomes the wisps' mask: its alpha is `gain × noise + offset`. */
  contrast?: readonly [gain: number, offset: number];
  /** The shape's blur (an SVG stdDeviation) before it is cut into wisps, if any. */
  blur?: string;
  /** The opacity of the haze under the wisps. */
  haze?: number;
}) {
  const [x, y, width, height] = region;
  const source = blur ? 'soft' : 'SourceGraphic';
  return (
    <filter id={id} x={x} y={y} width={width} height={height} colorInterpolationFilters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency={frequency} numOctaves={octaves} seed={seed} result="noise" />
      <feColorMatrix
        in="noise"
        type="matrix"
        values={`0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  ${contrast[0]} 0 0 0 ${contrast[1]}`}
        result="wisps"
      />
      {blur ? <feGaussianBlur in="SourceGraphic" stdDeviation={blur} result="soft" /> : null}
      <feComposite in={source} in2="wisps" operator="in" result="cloud" />
      <feColorMatrix
        in={source}
        type="matrix"
        values={`1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 ${haze} 0`}
        result="haze"
      />
      <feMerge>
        <feMergeNode in="haze" />
        <feMergeNode in="cloud" />
      </feMerge>
    </filter>
  );
}

/** A radial gradient from a colour to transparent. */
export function Glow({ id, colour, opacity = 1 }: { id: string; colour: string; opacity?: number }) {
  return (
    <radialGradient id={id}>
      <Stops
        stops={[
          [0, colour, opacity],
          [0.55, colour, opacity * 0.45],
          [1, colour, 0],
        ]}
      />
    </radialGradient>
  );
}

/** A gradient's stops, each as [offset, colour, opacity] (no opacity: opaque). */
export function Stops({ stops }: { stops: ReadonlyArray<readonly [number, string, number?]> }) {
  return (
    <>
      {stops.map(([offset, colour, opacity]) => (
        <stop key={offset} offset={offset} stopColor={colour} stopOpacity={opacity} />
      ))}
    </>
  );
}
