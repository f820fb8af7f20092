// Movement Formula (../shared/seeds/movement-formula.txt): a piece's move as
// a sequence of steps, square conditions and continuations, grouped by {}
// (all of), [] (one of, with ! priorities) and () (a phrase), repeated by *.
//
// The grammar only groups: everything that depends on what comes before or
// after (which directions a step takes, '$|+' versus '$' then '+', a '-'
// and the phrase it captures, the '/ /' around squares that are not the
// destination) is read by lib/Notation/Formula/FormulaFrontend.cpp, which
// gives located errors for it. Characters the notation does not have reach
// the reader as UNKNOWN tokens, so that it can say what they are.
grammar MovementFormula;

formula : sequence EOF ;

sequence : element* ;

element : primary repeat? ;

primary
  : step                                              # stepPrimary
  | '{' sequence (',' sequence)* '}'                  # compound
  | '[' sequence (separators+=(',' | '!') sequence)* ']' # alternatives
  | '(' sequence ')'                                  # phrase
  | symbol                                            # symbolPrimary
  ;

// {2,1}; signs and a count other than two are diagnosed by the reader.
step : '{' MINUS? INT (',' MINUS? INT)* '}' ;

// *, *:3, *:1;1, *:2-4, *~, *?:5 ...
repeat : STAR repeatOption* ;
repeatOption
  : COLON INT? (SEMI INT? | MINUS INT)*   # repeatCount
  | TILDE                                 # crooked
  | QUESTION                              # crookedReturn
  ;

symbol
  : EMPTY | FRIEND | ENEMY | BAR | PLUS | MINUS | CAPTURE | NOT_ATTACKED
  | END | PROMOTE | LAST_TO | LAST_FROM | ZONE | STATE
  | FORWARD | BACKWARD | RIGHT | LEFT | SLASH | UNKNOWN
  ;

INT          : [0-9]+ ;
EMPTY        : '#' ;
FRIEND       : '$' ;
ENEMY        : '%' ;
BAR          : '|' ;
PLUS         : '+' ;
MINUS        : '-' ;
CAPTURE      : 'x' ;
NOT_ATTACKED : 'o' ;
END          : '@' ;
PROMOTE      : '=' [A-Z]* ;
LAST_TO      : 'm+' ;
LAST_FROM    : 'm-' ;
ZONE         : 'z' [0-9]+ ;
STATE        : 's' [0-9]+ ;
FORWARD      : '^' ;
BACKWARD     : 'v' ;
RIGHT        : '>' ;
LEFT         : '<' ;
SLASH        : '/' ;
STAR         : '*' ;
COLON        : ':' ;
SEMI         : ';' ;
TILDE        : '~' ;
QUESTION     : '?' ;
WS           : [ \t\r\n]+ -> skip ;
UNKNOWN      : . ;
