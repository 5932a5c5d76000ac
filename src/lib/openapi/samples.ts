/**
 * How deep openapi-sampler goes when it makes a payload sample from a schema: Redoc's option
 * `generatedPayloadSamplesMaxDepth` (src/config/redoc.ts) and the request models of requestModel.ts
 * both use it, so the reference, the code samples and the Try it console show the same example.
 */
export const SAMPLE_MAX_DEPTH = 100;
