import { h2, h3, note, ol, p, ul } from './blocks';
import type { PostId, PostText } from './types';

export const postsEn: Record<PostId, PostText> = {
  communication: {
    title: 'Effective communication in co-parenting: how to talk once you are no longer a couple',
    excerpt:
      'The relationship is over, but the conversation about the children goes on. Practical ideas to make those messages clearer, shorter and less tense.',
    metaDescription:
      'A practical guide to communication between separated parents: tone, channels, written agreements and how to handle disagreements without putting the children in the middle.',
    tags: ['communication', 'co-parenting', 'agreements', 'conflict'],
    content: [
      p(
        'When a couple with children separates, the relationship does not disappear; it changes shape. You stop being partners, but for many years you will still be the team that runs your children’s lives. Doctor’s appointments, parents’ evenings, birthdays, holidays, a fever late on a Sunday night. Each of those moments calls for a conversation, and the quality of those conversations matters far more to a child’s everyday life than it might seem.',
      ),
      p(
        'You do not need to get along in order to communicate well. Many families work perfectly well with a polite, distant relationship between the adults. What does help is to treat communication as a practical job, with a few simple rules that both of you know. These are the ones we see working most often.',
      ),
      h2('Think of it as a working partnership'),
      p(
        'A useful picture is two colleagues sharing an important project. They do not have to be friends or tell each other about their lives; they need clear information, punctuality and respect. Seen this way, each message carries less emotional weight: the question stops being “what did they mean by that?” and becomes “what does the other person need to know for this to work?”.',
      ),
      ul(
        'Open and close politely, even if it is a single line.',
        'Talk about facts and plans, not intentions or blame.',
        'Keep the children’s matters apart from unfinished business between the two of you. If there is something financial or personal to sort out, find another time and another channel for it.',
      ),
      h2('Pick the channel to suit the topic'),
      p(
        'Many arguments start with the wrong channel. A long voice note at eleven at night to settle the summer holidays, or a sensitive subject raised at the school gate in front of the children, almost always goes badly. It is worth agreeing in advance what gets discussed where.',
      ),
      ul(
        'Written messages for logistics: times, pick-ups, appointments, changes of plan. They leave a record and can be read again.',
        'A call or a short meeting for topics that need nuance, such as a problem at school or a health decision.',
        'Never through the children. Asking a child to “tell your dad” or “let your mum know” puts them in a place that is not theirs.',
      ),
      p(
        'Keeping each child’s information in a shared place also cuts down on messages. If the paediatrician’s number, the swimming timetable or an allergy to a medicine are at hand for both of you, nobody has to ask and wait for an answer.',
      ),
      h2('Brief, informative, friendly and firm'),
      p(
        'An easy rule to remember for written messages is to keep them brief, informative, friendly and firm. Each word has a job: brief, because a long text invites a point-by-point reply; informative, because the aim is to pass on facts; friendly, because tone shapes the answer you get back; firm, because what you propose should be clear and leave no room for guessing.',
      ),
      h3('An example'),
      p(
        'Compare two versions. The first: “You forgot to tell me about the school assembly again, as usual. I heard about it from another parent. This can’t go on.” The second: “Hi. Sofía’s end-of-year assembly is on Friday at 10. I’ll be there; if you want to come, the school asks us to confirm by Wednesday. Thanks.” The second says everything that matters, does not open an argument and leaves a clear plan.',
      ),
      h3('Before you press send'),
      ol(
        'Reread the message as if your child were going to read it in ten years’ time.',
        'Delete adjectives, sarcasm and references to the past.',
        'Check that it has a date, time and place if it is about a plan.',
        'If you are angry, save it as a draft and read it again an hour later.',
      ),
      h2('Written agreements and response times'),
      p(
        'Many misunderstandings can be avoided with explicit agreements about how you communicate. It does not have to be a formal document; talking it through once and writing it down is enough. Some points worth agreeing on:',
      ),
      ul(
        'How quickly a non-urgent message gets an answer (for example, within 24 hours).',
        'What counts as urgent and how it is flagged: a medical emergency is not something to send in a message that might be read the next day.',
        'How much notice you give when asking to swap days or times.',
        'Which decisions you always discuss and which ones the parent who has the children at that moment can make alone.',
      ),
      p(
        'When a decision is made on the phone or in person, a short message confirming it helps a great deal: “As we said, I’ll pick Tomás up on Thursday this week and you’ll do Friday.” It is a simple way to make sure you both remember the same thing.',
      ),
      h2('Changes of plan'),
      p(
        'Few things cause as much friction as last-minute changes. A work trip, a sick child, a birthday that falls on the wrong day. Both of you will have unexpected events, and the way changes are asked for and answered shapes much of the atmosphere between the two homes.',
      ),
      ul(
        'Ask as early as you can and give the reason briefly, without over-explaining.',
        'Offer a concrete alternative: “Would it work if I had them on Saturday instead of Friday?”.',
        'Accept that the other parent may say no. A request is not an obligation.',
        'Keep score generously, if at all: today you give way, tomorrow they do. Counting every favour tends to end in reproaches.',
        'When a change affects the children, tell them together and give them the same version.',
      ),
      h2('When you disagree'),
      p(
        'Disagreements are inevitable and do not mean that co-parenting is failing. What makes the difference is how you handle them. A few habits that lower the temperature:',
      ),
      ul(
        'Speak for yourself: “I’m worried he’s not sleeping enough on Sundays” works better than “you never put him to bed on time”.',
        'Ask before assuming. Often the other parent had a reason you did not know about.',
        'Aim for a decision, not a victory. The useful question is what the child needs, not who was right.',
        'Accept imperfect solutions. A reasonable agreement that both keep is worth more than a perfect one that nobody follows.',
        'If the conversation gets stuck, pause it with a clear limit: “Let me think about it and I’ll get back to you tomorrow afternoon.”',
      ),
      p(
        'When conflicts keep coming back or escalate, asking for help is a responsible choice, not a defeat. Family mediation, a psychologist’s guidance or a co-parenting professional can unlock situations that go round in circles when you try to solve them alone.',
      ),
      h2('What the children hear'),
      p(
        'Children pick up much more than adults think: the tone of a phone call, a sigh while reading a message, a passing remark. Protecting them from conflict does not mean pretending everything is fine; it means not letting them carry what is not theirs to carry.',
      ),
      ul(
        'Do not criticise the other parent in front of them, not even as a joke.',
        'Do not ask them for information about what happens in the other home.',
        'Do not argue during handovers, when they move from one home to the other.',
        'Show them that the adults can agree: hearing “your mum and I talked and decided…” is reassuring.',
      ),
      h2('When communication is not possible'),
      p(
        'Everything above assumes two adults who, with some effort, can talk. Sometimes that is not the case: violence, threats, constant harassment or fear. In those situations safety comes first, yours and your children’s. Contact should be limited to what is essential, in writing, and it is wise to seek professional advice and, where appropriate, the involvement of the courts. No communication technique replaces that protection.',
      ),
      h2('Key points'),
      ul(
        'Treat co-parenting as a working partnership with a shared goal: your children.',
        'Write for logistics and talk for sensitive matters; never use the children as messengers.',
        'Keep messages brief, informative, friendly and firm.',
        'Agree on response times, what counts as urgent and which decisions you always discuss.',
        'When you disagree, look for a decision rather than a victory, and ask for help if the same conflicts keep coming back.',
      ),
      p(
        'Communicating well does not erase what hurt or solve everything, but it gives your children something very valuable: the certainty that, even though they live in two homes, the adults who look after them are still working together for them.',
      ),
    ],
  },

  technology: {
    title: 'Technology and co-parenting: tools that organise, not tools that watch',
    excerpt:
      'Calendars, messages, records with each child’s information: technology can take a lot of friction out of co-parenting if you choose and use it with care.',
    metaDescription:
      'How to use digital tools when co-parenting: what information to share, what to look for in an app, privacy, and ground rules between separated parents.',
    tags: ['technology', 'organisation', 'privacy', 'tools'],
    content: [
      p(
        'Not long ago, organising the lives of children who live in two homes depended on memory, on a paper diary travelling in a school bag and on long chains of messages. Today there are tools that can help a great deal, but they can also add noise if you use them without a plan. This article looks at how to get the most out of them without turning them into one more source of conflict.',
      ),
      h2('What technology solves (and what it does not)'),
      p(
        'Technology is very good at one thing: making the right information available to the right people at the moment they need it. It does not settle deeper disagreements or replace goodwill. Use it to organise facts and agreements and it helps; use it to keep tabs on the other parent and it makes things worse.',
      ),
      ul(
        'Good for: having each child’s details at hand, coordinating timetables, keeping a record of what was agreed and not relying on memory.',
        'Not good for: winning arguments, checking what the other parent does at home or replacing a difficult conversation.',
      ),
      h2('The information worth keeping in one place'),
      p(
        'Many questions between separated parents are really requests for information: what is the school’s number, what time does football finish, what dose did the paediatrician prescribe. When that information lives somewhere both of you can check, those questions disappear. The basics usually are:',
      ),
      ul(
        'School details: school, year, teacher, start and finish times, phone number.',
        'Health: family doctor, allergies, medicines, special conditions and upcoming appointments.',
        'Activities: where, which days and at what time.',
        'Emergency contacts, in order of priority.',
        'A recent photo, useful for paperwork or in an emergency.',
      ),
      p(
        'That is exactly what Nido does today: a record for each child with that information, shared within the family, and messages between parents that stay on record. It also has a shared calendar with the custody schedule; expense tracking is being built and will arrive over time.',
      ),
      h2('What to look for in a co-parenting app'),
      p(
        'There are many options, from general tools (shared calendars, cloud folders, spreadsheets) to apps designed for separated parents. A few questions to help you choose:',
      ),
      ol(
        'Is it easy for both of you? A tool that only one parent understands ends up belonging to one parent.',
        'Does it work in the languages and on the devices you both use?',
        'Who can see each piece of information? Your children’s health details and whereabouts deserve care.',
        'What happens to the data if you stop using it? You should be able to export it or delete it.',
        'How is it paid for? If it is free, ask yourself whether your data is the business.',
      ),
      h2('Privacy: what to share and what not to'),
      p(
        'Sharing your children’s information does not mean sharing everything. Each adult is entitled to a private life, and so are the children. Some guidelines:',
      ),
      ul(
        'Share what you both need in order to care for them: health, school, timetables, contacts.',
        'Do not use location apps to follow the other parent, or to check where your child is while they are at the other home, unless you have agreed to it for a specific reason.',
        'Take care with photos: avoid posting them publicly with details that could reveal where your children are, such as a school uniform or your address.',
        'Use your own passwords and, where the tool allows it, two-step verification.',
      ),
      h2('Ground rules'),
      p(
        'As with any other family rule, it helps if you both agree on how you will use whatever tool you choose. For example: who updates which details, that an important change (a new medicine, a new timetable) is entered and also mentioned, and that the tool is not a place for arguments. A few minutes of conversation at the start save a lot of confusion later.',
      ),
      h2('When one of you does not want to use it'),
      p(
        'It is common for one parent to suggest a tool and the other to refuse: out of mistrust, because it feels imposed or simply because they do not like technology. Pushing rarely works. It usually goes better if you show the concrete benefit for them (“you’ll always have the paediatrician’s number and the timetables at hand without having to ask me”), start small and keep the usual channels open in the meantime. If the tool never catches on, the goal stays the same: both of you have the information you need.',
      ),
      h2('Tone travels in writing too'),
      p(
        'Digital communication has a trap: text loses the tone of voice and the facial expression, and the reader fills the gap with their own mood. A curt “ok” can read as indifference; a direct question, as a reproach. So it is worth writing a little more warmly than you would speak in person, avoiding capital letters and strings of exclamation marks, and not replying in the heat of the moment. If a message bothers you, ask before assuming: it often was not what it seemed.',
      ),
      h2('Screens and children in two homes'),
      p(
        'Technology enters co-parenting from another direction as well: the children’s own use of screens and social media. When the rules differ a lot between homes, children notice and sometimes take advantage. Things do not have to be identical, but it helps to agree on a few basics: at what age they get their own phone, which apps are allowed, screen-free time before bed. Above all, the phone should not become a channel for talking about problems between the adults.',
      ),
      h2('In short'),
      ul(
        'Use technology to organise information and agreements, not to control.',
        'Keep each child’s school, health, activity and contact details in one shared place.',
        'Choose tools that are easy for both of you, clear about privacy and that let you take your data with you.',
        'Agree on how you will use them, and respect the privacy of each adult and of the children.',
      ),
    ],
  },

  wellbeing: {
    title: 'Children’s emotional well-being during a separation',
    excerpt:
      'A separation shakes the whole family. What children tend to feel at different ages, how to talk to them about what is happening and which signs suggest they need more support.',
    metaDescription:
      'How to support children emotionally through a separation or divorce: how to tell them, reactions by age, routines across two homes and when to seek professional help.',
    tags: ['well-being', 'emotions', 'separation', 'parenting'],
    content: [
      p(
        'Their parents’ separation is one of the most unsettling experiences a child can go through. That does not mean it will leave a lasting negative mark: research on separated families broadly agrees that what most affects how children fare is not the separation itself but what happens around it. The level of conflict between the adults, the stability of routines and the quality of the bond with each parent matter far more than whether the children live in one home or two.',
      ),
      p(
        'This article gathers general ideas for supporting children through that process. It does not replace the view of a professional who knows your family, but it can help you decide where to start.',
      ),
      h2('How to tell them'),
      p(
        'If possible, it is best for both parents to break the news together, with a message agreed beforehand. Children need to hear that the decision belongs to the adults, that it is final and that it has nothing to do with them. They also need to know what will change in their day-to-day lives: where they will sleep, when they will see each parent, whether or not they will change schools.',
      ),
      ul(
        'Choose a calm moment, with time to spare and nobody else around.',
        'Use simple words suited to their age; there is no need to explain why you are separating.',
        'Say it clearly: “it is not your fault” and “we will both keep loving you and looking after you”.',
        'Leave room for questions, today and in the days that follow. Many come later.',
        'Avoid promises you may not be able to keep, such as “nothing will change”.',
      ),
      h2('What they may feel at different ages'),
      p(
        'Every child is different, but some reactions are common at each stage. Knowing them helps you stay calm about what is expected and notice what deserves attention.',
      ),
      h3('Early childhood (up to age 5)'),
      p(
        'Very young children do not really understand what a separation is, but they sense the change and the tension. They may go back to behaviour they had outgrown, such as wetting the bed or asking for a dummy, have more tantrums or find it hard to be apart from one parent. They need predictable routines, comfort objects that travel with them between homes and plenty of physical closeness.',
      ),
      h3('School age (6 to 11)'),
      p(
        'Sadness, anger and sometimes the fantasy that the parents will get back together are common at this stage. Children may also feel responsible or try to “fix” the situation. Some show changes in their schoolwork or their friendships. It helps them to be able to name what they feel and to know they can love both parents without betraying either.',
      ),
      h3('Adolescence (12 and up)'),
      p(
        'Teenagers understand more, which is why they sometimes take sides, get angry with one parent or withdraw. They may look for support outside the family or, on the contrary, take on adult responsibilities, such as looking after younger siblings or comforting a parent. They need their opinions and growing independence respected, without being turned into confidants or referees of the adults’ conflicts.',
      ),
      h2('Difficult questions'),
      p(
        'Sooner or later the hard questions come. There are no magic words, but some honest, age-appropriate answers tend to work:',
      ),
      ul(
        '“Why did you split up?”: “We couldn’t go on being a couple and living together. It’s a grown-up decision and we thought about it a lot.” There is no need for details or for pointing fingers.',
        '“Will you get back together?”: if the answer is no, say so kindly and clearly. Feeding the hope prolongs the distress.',
        '“Was it because of something I did?”: “No. Nothing you did or said caused this, and nothing you do will change it.”',
        '“Who should I love more?”: “You can love both of us as much as you like. Nobody will be upset about that.”',
      ),
      p(
        'The same questions are likely to come back several times. It is not that they did not understand: asking again is a way of processing what is happening and of checking that the answer is still the same.',
      ),
      h2('Routines and predictability'),
      p(
        'When the world changes, predictability brings security. Knowing what will happen tomorrow, who is collecting them from school and where they will sleep at the weekend gives children back a sense of control. Some ideas:',
      ),
      ul(
        'A visible calendar, on paper or on a phone, showing the days in each home.',
        'Similar mealtimes and bedtimes in both homes, even if they are not identical.',
        'Their important things in both places: clothes, a toothbrush, a favourite toy or book.',
        'Calm handovers: give notice, do not argue at the moment of the change, and let them have a few minutes to settle in.',
        'Both parents knowing the same things: the homework that is due, the dentist appointment, the falling-out with a friend.',
      ),
      p(
        'That last point matters more than it seems. When a child has to tell the same story twice, or remind one adult of something the other already knew, they end up acting as a bridge between their parents. Sharing each child’s information between the two adults spares them that job.',
      ),
      h2('What protects them and what harms them'),
      p(
        'Almost all specialists agree on one thing: open, sustained conflict between parents is what harms children most. The point is not that there should never be disagreements, but that the children should not be caught in the middle.',
      ),
      h3('What protects them'),
      ul(
        'A warm, stable relationship with each parent.',
        'Parents who speak to each other respectfully in front of them, even if they are not friends.',
        'Explicit permission to love both parents and enjoy their time in each home.',
        'Adults who look after themselves and lean on other adults for support.',
      ),
      h3('What harms them'),
      ul(
        'Hearing criticism of, or insults about, the other parent.',
        'Being used as messengers or as a source of information about the other home.',
        'Feeling they have to choose, or that enjoying time with one parent hurts the other.',
        'Becoming an adult’s emotional support.',
      ),
      h2('Talking about their feelings'),
      p(
        'Children do not always put what they feel into words. Sometimes they show it through play, through their bodies (tummy aches, trouble sleeping) or through their behaviour. Opening the conversation without pressure is a delicate balance.',
      ),
      ul(
        'Use side-by-side moments: in the car, cooking together, at bedtime. Face-to-face talks can feel intimidating.',
        'Put what you notice into words: “You seem quieter since you got back. Is there something you’d like to tell me?”.',
        'Acknowledge their emotions even when you do not like them: anger and sadness are reasonable responses.',
        'You do not need to have all the answers. Sometimes listening is enough.',
        'For younger children, stories and drawings are a good way in.',
      ),
      h2('Special occasions'),
      p(
        'Birthdays, the end-of-year holidays, Mother’s Day and Father’s Day, the first day of school: dates that used to be celebrated as a family can become difficult. Planning them early keeps them from turning into battlegrounds and spares the children a lot of anxiety.',
      ),
      ul(
        'Agree well in advance how the important dates are shared, for example by alternating each year.',
        'Where possible, let the children speak to the other parent on the day, even if only by phone.',
        'At school events and birthday parties, ideally both parents can be present without tension; if that is not possible yet, take turns.',
        'Create new rituals in each home. The idea is not to replace what was there before, but to add to it.',
      ),
      h2('New partners and the wider family'),
      p(
        'Over time, one of the parents is likely to start a new relationship. For the children this can be as big a change as the separation itself. It is best to introduce a new partner once the relationship is stable, to do it gradually and without asking the children to love them or to see them as a replacement for their mother or father. Letting the other parent know first also helps, so they do not hear about it from the children.',
      ),
      p(
        'Grandparents, aunts, uncles and close friends play a part too. They can be a very valuable support if they stay out of the conflict. Asking them not to criticise either parent in front of the children is a reasonable request and sometimes a necessary one.',
      ),
      h2('Looking after yourself so you can look after them'),
      p(
        'Going through a separation while raising a child is exhausting. Guilt, sadness, anger and fear are common, and it is hard to hold someone else up when you are overwhelmed yourself. Seeking support from friends, family, parent groups or a therapist is not a luxury: it is part of caring for your children. A calmer adult passes on more security.',
      ),
      h2('When to seek professional help'),
      p(
        'Many of the reactions described here are expected and ease with time, usually over the first few months or the first year. It is worth talking to a paediatrician or a child psychologist if you notice that:',
      ),
      ul(
        'Sadness, anger or fear are not easing as the weeks go by, or are getting worse.',
        'There are marked changes in sleep, eating or schoolwork that persist.',
        'Your child is withdrawing from friends or no longer enjoys activities they used to love.',
        'Risky behaviour, self-harm or remarks about not wanting to live appear. In that case, seek help immediately.',
      ),
      note(
        'This article offers general information and does not replace an assessment by a health professional. If you are worried about your child’s emotional health, talk to their paediatrician or a mental health professional.',
      ),
      h2('To remember'),
      ul(
        'It is not the separation itself that affects children most, but the conflict and instability around it.',
        'Tell them together, clearly, and remind them that it is not their fault.',
        'Reactions change with age; knowing them helps you support them.',
        'Predictable routines and information shared between the two homes give them security.',
        'Look after yourself and ask for help when you need it, for yourself or for them.',
      ),
    ],
  },

  legal: {
    title: 'Legal aspects of co-parenting in Argentina: the basics worth knowing',
    excerpt:
      'Parental responsibility, shared personal care, the parenting plan and child support: a general overview of how Argentina’s Civil and Commercial Code organises parenting after a separation.',
    metaDescription:
      'General information on co-parenting in Argentina under the Civil and Commercial Code: parental responsibility, personal care, parenting plans, child support and mediation.',
    tags: ['legal', 'Argentina', 'parental responsibility', 'child support'],
    content: [
      note(
        'This article offers general information about Argentine law and is not legal advice. Every family’s circumstances are different, the rules and how they are interpreted can change, and procedures vary from province to province. Before making decisions, consult a lawyer who specialises in family law.',
      ),
      p(
        'When a couple with children separates, the emotional and practical questions are joined by legal ones: who decides about school, who the children live with, how costs are shared, what happens if one parent wants to move. In Argentina most of these matters are governed by the national Civil and Commercial Code (Código Civil y Comercial de la Nación), in force since August 2015, which significantly changed the way relationships between parents and children are understood.',
      ),
      p(
        'This article goes over the core ideas in plain language, so that you can arrive better informed at a conversation with the other parent, a mediator or your lawyer. We include the Spanish legal terms in brackets, since they are the ones you will hear in Argentina.',
      ),
      h2('From “parental authority” to parental responsibility'),
      p(
        'The previous code spoke of patria potestad, a notion of parental authority. The current code replaced it with parental responsibility (responsabilidad parental): the set of duties and rights that parents have over the person and property of their children, for their protection, development and upbringing, while they are minors and have not been emancipated.',
      ),
      p('The change of name is not just a formality. Parental responsibility rests on three principles:'),
      ul(
        'The best interests of the child (interés superior del niño): decisions must be made with what is best for the child in mind, not what the adults prefer.',
        'Progressive autonomy (autonomía progresiva): as children grow and mature, they need less representation by their parents and can take a greater part in decisions that affect them.',
        'The right to be heard (derecho a ser oído): children have the right to express their views and to have them taken into account according to their age and maturity.',
      ),
      p(
        'These principles are in line with the UN Convention on the Rights of the Child, which has constitutional rank in Argentina, and with the national law on the comprehensive protection of the rights of children and adolescents.',
      ),
      h2('Separation does not end parental responsibility'),
      p(
        'A key point: separation or divorce ends the couple’s relationship, but not parental responsibility. As a rule, when parents no longer live together, both continue to exercise it. In everyday matters, whatever one parent does is presumed to have the other’s agreement, which lets daily life run without asking permission for everything.',
      ),
      p(
        'There are, however, important decisions that the law reserves to the agreement of both parents. They include, for example, authorising a child to leave the country or to move permanently abroad. If the parents cannot agree, the one who wants to go ahead can ask a judge to decide. Because the full list and its nuances depend on the case, this is one of the areas where it pays to get advice before acting.',
      ),
      h2('Personal care: sole or shared'),
      p(
        'The code uses the term personal care (cuidado personal) for the duties and powers that relate to the child’s daily life: where they live, who takes them to school, who organises their routines. It can be sole (unilateral), when one parent is in charge, or shared (compartido).',
      ),
      p('Shared care, in turn, can take two forms:'),
      ul(
        'Alternating (alternado): the child spends periods of time with each parent, according to what the family can organise.',
        'Joint with a main residence (indistinto): the child lives mainly at one parent’s home, but both share decisions and divide the caring tasks fairly.',
      ),
      p(
        'Shared care is the general rule. When the matter reaches a judge, the first option they must consider is shared care with a main residence, unless that is not possible or would harm the child. Sole care is the exception, and even then the parent who does not live with the child keeps the right and the duty to maintain regular contact with them and to take part in their upbringing.',
      ),
      p(
        'In practice, “shared” does not necessarily mean splitting time fifty-fifty. It means that both parents remain responsible and that tasks are divided fairly, in a way that fits each family’s reality: distances, working hours, the children’s ages.',
      ),
      h2('The parenting plan'),
      p(
        'One of the most useful tools the code introduced is the parenting plan (plan de parentalidad). Parents can submit a plan for the care of their children that covers, among other things:',
      ),
      ul(
        'Where and when the child stays with each parent.',
        'The responsibilities each parent takes on.',
        'Arrangements for holidays, public holidays and other dates that matter to the family.',
        'How the child keeps in touch with one parent while staying at the other’s home.',
      ),
      p(
        'The plan can be changed as the needs of the family and the children change over the years, and the law states that parents should seek the child’s participation in drawing it up and in any changes. If the parents cannot agree, a judge can set the arrangements, always aiming for both parents to take part in the children’s lives.',
      ),
      h3('Tips for a good plan'),
      ul(
        'Be specific: days, times and who collects whom, rather than vague formulas like “weekends to be agreed”.',
        'Think about the whole calendar: winter and summer holidays, long weekends, birthdays, Mother’s Day and Father’s Day, the end-of-year celebrations.',
        'Include how you will communicate and how changes and surprises will be handled.',
        'Consider how it will change as the children grow: what works for a baby does not work for a teenager.',
        'Agree on how school and medical information will be shared.',
      ),
      h2('Child support'),
      p(
        'Both parents are obliged to raise, provide for and educate their children according to their circumstances and means, even if personal care is in the hands of only one of them. This obligation, which the law calls alimentos and is usually paid as a monthly amount (cuota alimentaria), covers much more than food.',
      ),
      p('Under the code, support includes what is needed for:'),
      ul(
        'Maintenance, clothing and housing.',
        'Education and leisure.',
        'Care and medical expenses.',
        'Learning a trade or profession.',
      ),
      p(
        'The obligation does not end at 18: as a rule it continues until 21, unless the paying parent shows that the adult child has enough resources to support themselves. And if the child is still studying or training and this prevents them from supporting themselves, it can extend to age 25.',
      ),
      p(
        'One point that is sometimes overlooked: the law recognises that the daily caring work done by the parent who lives with the child has an economic value and counts as a contribution to the child’s support. That is why, with sole care or shared care with a main residence, the parent who does not live with the child usually contributes mainly in money.',
      ),
      p(
        'Support can be agreed between the parents, in mediation or in a formal agreement, or set by a judge. It is worth making the agreement clear about the amount or how it is calculated, how it is updated, the payment date and method, and how extraordinary expenses, such as surgery, a school trip or orthodontic treatment, are shared. Keeping an orderly record of payments and expenses, with receipts, prevents arguments and serves as evidence if a dispute arises.',
      ),
      h2('Divorce and the settlement agreement'),
      p(
        'Since 2015, divorce in Argentina can be requested by one or both spouses without having to give reasons. The person applying must submit a proposed settlement agreement (convenio regulador) that, among other matters, deals with the exercise of parental responsibility and, in particular, the children’s support. If the other spouse disagrees with the proposal, they can put forward their own, and the points in dispute are resolved separately; the disagreement does not prevent the divorce from being granted.',
      ),
      p(
        'Couples who were not married, such as those in a registered or de facto cohabiting union (unión convivencial), do not divorce, but the rules on parental responsibility, personal care and child support are exactly the same. Children’s rights do not depend on the relationship between their parents.',
      ),
      h2('Mediation and agreements'),
      p(
        'In many parts of the country there is a compulsory mediation stage before going to court for certain family matters, such as child support or contact arrangements. The specific rules depend on each province and on the City of Buenos Aires.',
      ),
      p(
        'Compulsory or not, mediation is often a good path: it is quicker and cheaper than litigation, and agreements the parents build themselves tend to be kept better. An agreement reached in mediation and, where applicable, approved by a judge (homologado) can be enforced if it is not respected.',
      ),
      h2('Frequently asked questions'),
      h3('Can I stop paying support if I am not allowed to see my children?'),
      p(
        'No. The support obligation and the right to contact with the children are independent: a breach of one does not justify breaching the other. If contact is being blocked, the way forward is to claim it through the proper channels, not to suspend support, which is the children’s right.',
      ),
      h3('Is a verbal agreement enough?'),
      p(
        'A verbal agreement can work as long as both parents respect it, but it is hard to prove and to enforce if a dispute arises. It is advisable to put it in writing and, depending on the case, formalise it in mediation or ask a judge to approve it.',
      ),
      h3('Can my children have a say in who they live with?'),
      p(
        'They have the right to be heard and to have their views taken into account according to their age and maturity, but that does not mean the decision is theirs. Asking them to choose between their parents is usually a very heavy burden; listening to them should happen in a careful setting and, in court proceedings, with the safeguards the law provides.',
      ),
      h3('Can I go on holiday with my children?'),
      p(
        'Within the country, generally yes, as long as you respect the agreed arrangements. To leave the country, the other parent’s consent is required, usually given through a formal authorisation. It is wise to arrange this in good time and check the current requirements before travelling.',
      ),
      h2('When to consult a lawyer'),
      p('Professional advice is always a good idea, and especially in these situations:'),
      ul(
        'Before signing any agreement.',
        'If one parent wants to move far away or abroad with the children.',
        'If child support is not paid, or is paid irregularly.',
        'If there is violence, threats or any risk to you or your children: in that case, seek help immediately from the services in your area.',
        'If the other parent is preventing contact with the children.',
      ),
      p(
        'If you cannot afford a private lawyer, there are public defenders’ offices and free legal clinics, for example at bar associations and university law faculties, that can guide you.',
      ),
      h2('How organisation can help'),
      p(
        'No app replaces a legal agreement or professional advice. But keeping your children’s information organised and shared makes it easier to stick to what was agreed: knowing who has the next medical appointment, what the school said or which number to call in an emergency prevents many everyday conflicts. Today Nido lets you store and share each child’s school, medical, activity and contact details; a shared calendar shows who has them each night; expense tracking is being built.',
      ),
      h2('Summary'),
      ul(
        'The 2015 Civil and Commercial Code speaks of parental responsibility, guided by the child’s best interests, progressive autonomy and right to be heard.',
        'Separation does not end parental responsibility: both parents keep exercising it.',
        'Shared personal care is the rule; sole care is the exception.',
        'The parenting plan lets you agree on time, tasks, holidays and communication, and it can change over time.',
        'Child support covers much more than food and, as a rule, continues until age 21.',
        'Before any important decision, consult a family law professional.',
      ),
    ],
  },
};
