// Parlett's movement notation: the code-golf challenge dialect
// (../shared/seeds/parlett-challenge.txt) and the classic additions of the
// Oxford History of Board Games (~ leaper, ^ locust, a/b oblique leaps,
// & repetition, ranges a-b, prefixes i c o, the m={...} wrapper).
// docs/notations/parlett.md describes every construct and its lowering.
//
// The grammar is deliberately lenient where a precise message helps more
// than a parse error: a missing direction, for example, is accepted here
// and diagnosed by the visitor (lib/Notation/Parlett/ParlettFrontend.cpp).
grammar Parlett;

parlett : (WRAP_OPEN moves CLOSE | moves) EOF ;

moves : move (COMMA move)* ;

// a.b.c : prefixes apply to the whole chain
move : prefix* part (THEN part)* ;

prefix : INITIAL | CAPTURE_ONLY | NO_CAPTURE ;

part : kind=(LEAP | LOCUST)? distance direction? REPEAT? ;

distance
  : a=NUMBER SLASH b=NUMBER             # obliqueDistance
  | lo=NUMBER DASH (hi=NUMBER | ANY)    # rangeDistance
  | NUMBER                              # exactDistance
  | ANY                                 # anyDistance
  ;

direction
  : ORTHOGONAL | ALL | DIAGONAL | DIAGONAL_FORWARD | DIAGONAL_BACKWARD
  | FORWARD | BACKWARD | FORWARD_BACKWARD | SIDEWAYS
  | FORWARD_SIDEWAYS | BACKWARD_SIDEWAYS
  ;

WRAP_OPEN         : 'm' [ \t]* '=' [ \t]* '{' ;
CLOSE             : '}' ;
COMMA             : ',' ;
THEN              : '.' ;
INITIAL           : 'i' ;
CAPTURE_ONLY      : 'c' ;
NO_CAPTURE        : 'o' ;
LEAP              : '~' ;
LOCUST            : '^' ;
REPEAT            : '&' ;
SLASH             : '/' ;
DASH              : '-' ;
ANY               : 'n' ;
NUMBER            : [0-9]+ ;
DIAGONAL_FORWARD  : [xX] '>' ;
DIAGONAL_BACKWARD : [xX] '<' ;
DIAGONAL          : [xX] ;
FORWARD_BACKWARD  : '<>' ;
FORWARD_SIDEWAYS  : '>=' ;
BACKWARD_SIDEWAYS : '<=' ;
FORWARD           : '>' ;
BACKWARD          : '<' ;
SIDEWAYS          : '=' ;
ORTHOGONAL        : '+' ;
ALL               : '*' ;
WS                : [ \t\r\n]+ -> skip ;
