import { parse, type CollectionTag, type ScalarTag, type YAMLMap, type YAMLSeq } from 'yaml'

// CloudFormation's short forms (`!GetAtt A.B`, `!Sub '...'`) read as their long forms (`Fn::GetAtt`)
const INTRINSIC_FUNCTIONS =
  'And Base64 Cidr Equals FindInMap GetAZs GetAtt If ImportValue Join Not Or Select Split Sub Transform'
const INTRINSICS = [
  ...INTRINSIC_FUNCTIONS.split(' ').map((name) => ({ tag: `!${name}`, key: `Fn::${name}` })),
  { tag: '!Ref', key: 'Ref' },
  { tag: '!Condition', key: 'Condition' },
]

const cloudFormationTags = INTRINSICS.flatMap(({ tag, key }): (ScalarTag | CollectionTag)[] => [
  {
    tag,
    resolve: (value: string) => ({ [key]: key === 'Fn::GetAtt' ? value.split('.') : value }),
  },
  ...(['seq', 'map'] as const).map((collection): CollectionTag => ({
    tag,
    collection,
    resolve: (node: YAMLMap.Parsed | YAMLSeq.Parsed) => ({ [key]: node.toJSON() }),
  })),
])

export interface SamFunction {
  readonly logicalId: string
  readonly Metadata?: { BuildMethod?: string; BuildProperties?: Record<string, unknown> }
  readonly Properties: Record<string, unknown>
}

export interface SamTemplate {
  readonly Transform?: string
  readonly Resources: Record<string, { Type: string; Metadata?: unknown; Properties?: unknown }>
  readonly Outputs?: Record<string, { Value: unknown; Description?: string }>
}

/** Parses a SAM template, CloudFormation short-form tags included. */
export function parseSamTemplate(text: string): SamTemplate {
  return parse(text, { customTags: cloudFormationTags }) as SamTemplate
}

/** The template's one `AWS::Serverless::Function`; a template with none or several is an error. */
export function webhookFunction(template: SamTemplate): SamFunction {
  const functions = Object.entries(template.Resources).filter(
    ([, resource]) => resource.Type === 'AWS::Serverless::Function'
  )
  const [only, ...others] = functions
  if (only === undefined || others.length > 0) {
    throw new Error(
      `expected one AWS::Serverless::Function in the template, found ${functions.length}`
    )
  }
  const [logicalId, resource] = only
  return { logicalId, ...(resource as Omit<SamFunction, 'logicalId'>) }
}
