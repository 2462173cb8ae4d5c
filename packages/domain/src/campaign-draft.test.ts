import { describe, expect, it } from 'vitest';
import type { BuilderBrief } from './contract';
import { briefFromOnboarding, draftSequence, frenchTypography } from './campaign-draft';
import { sequenceProblems } from './campaign-sequence';

const brief: BuilderBrief = {
  offer_type: 'service',
  offer_name: "L'audit express",
  description: 'Un audit de vos campagnes en 48 heures. Ensuite un plan.',
  pricing: 'Forfait de 900 CHF',
  features: ['Rapport clair', 'Plan d’action', '', 'Suivi à 30 jours', 'Cinquième'],
  audience: 'PME romandes',
  industries: 'Industrie',
  company_sizes: ['11-50'],
  people: 'Directeurs commerciaux',
  website: '',
  additional_information: '',
};

describe('draft sequence', () => {
  it('writes three e-mails and a LinkedIn invitation, each labelled as a draft template', () => {
    for (const language of ['fr', 'en'] as const) {
      const steps = draftSequence(brief, language);
      expect(steps.map((s) => [s.type, s.delay_days, s.condition, s.draft_template])).toEqual([
        ['email', 0, 'none', true],
        ['linkedin_invitation', 1, 'none', true],
        ['email', 3, 'no_reply', true],
        ['email', 5, 'no_reply', true],
      ]);
      // Ready to launch as written: no blocking problem, even for prospects without first name or company.
      expect(
        sequenceProblems(steps, {
          language,
          landingPages: [],
          missing: { first_name: 9, company: 9, position: 9 },
        }).filter((p) => p.severity === 'blocking'),
      ).toEqual([]);
      expect(JSON.stringify(steps)).not.toMatch(/\b(AI|IA|GPT|generated|généré)\b/);
    }
  });

  it('uses the brief: offer, first sentence of the description, three features, pricing', () => {
    const [first, , second, third] = draftSequence(brief, 'fr');
    expect(first?.body).toContain(
      'au sujet de L’audit express\u00a0: Un audit de vos campagnes en 48 heures.',
    );
    expect(first?.body).toContain('– Rapport clair\n– Plan d’action\n– Suivi à 30 jours');
    expect(first?.body).not.toContain('Cinquième');
    expect(second?.body).toContain('Côté tarifs\u00a0: Forfait de 900 CHF');
    expect(third?.body).toContain('L’audit express');
    expect(
      draftSequence(
        { ...brief, offer_name: '', description: '', features: [], pricing: '' },
        'en',
      )[0]?.body,
    ).toContain('about our service.');
  });

  it('keeps French typography: no plain space before : ; ! ? and no straight apostrophe', () => {
    const text = draftSequence(brief, 'fr')
      .map((s) => `${s.subject}\n${s.body}`)
      .join('\n');
    expect(text).not.toMatch(/ [:;!?]/);
    expect(text).not.toMatch(/'/);
    expect(frenchTypography("C'est prêt ? Oui ; « bien »")).toBe(
      'C’est prêt\u00a0? Oui\u00a0; «\u00a0bien\u00a0»',
    );
  });
});

describe('brief from the onboarding questionnaire', () => {
  it('takes the offer, its features, the audience and the chosen company sizes', () => {
    const brief = briefFromOnboarding({
      brief: {
        nameOfCampaignType: 'Audit',
        campaignType: 'product',
        description: 'Desc',
        pricingModel: 'Monthly',
        mainFeatures: [{ value: 'A' }, { value: 'B' }, { value: 'C' }, { value: 'D' }],
        dedicatedWebsite: 'https://audit.example',
        salesPresentation: [],
        additionalInformation: 'More',
      },
      audience: {
        bestClientsDescription: 'SMEs',
        targetIndustries: 'Industry',
        excludeIndustries: 'Banks',
        geographicArea: 'Romandy',
        companySizes: {
          freelancer: false,
          '1-10': true,
          '11-50': false,
          '51-200': true,
          '201-500': false,
          '501-1000': false,
          '1000+': false,
          allCompanies: false,
        },
        typesOfPeople: 'CEOs',
        providedWebsites: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
        additionalInformationAudience: '',
      },
    });
    expect(brief).toEqual({
      offer_type: 'product',
      offer_name: 'Audit',
      description: 'Desc',
      pricing: 'Monthly',
      features: ['A', 'B', 'C', 'D'],
      audience: 'SMEs',
      industries: 'Industry',
      company_sizes: ['1-10', '51-200'],
      people: 'CEOs',
      website: 'https://audit.example',
      additional_information: 'More',
    });
    expect(briefFromOnboarding(null).offer_name).toBe('');
  });
});
